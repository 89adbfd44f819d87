package org.verso.sql.ddl;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.verso.common.type.Values;
import org.verso.common.ErrorCode;
import org.verso.core.Database;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.CatalogNames;
import org.verso.core.catalog.CheckConstraint;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.SequenceDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.ViewDefinition;
import org.verso.sql.api.Cancellation;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.constraint.ConstraintPlanner;
import org.verso.sql.exec.constraint.ExistingRows;
import org.verso.sql.exec.expr.ExprCompiler;
import org.verso.sql.parse.ast.SqlAlterColumn;
import org.verso.sql.parse.ast.SqlAlterTableStatement;
import org.verso.sql.parse.ast.SqlColumnDefinition;
import org.verso.sql.parse.ast.SqlTableConstraint;
import org.verso.sql.prepare.ScalarExpressions;
import org.verso.sql.prepare.ViewDefinitions;
import org.verso.sql.schema.SchemaSnapshot;
import org.verso.sql.type.VersoTypeFactory;

/**
 * ALTER TABLE [IF EXISTS]: ADD [COLUMN], ADD constraint, DROP [COLUMN], DROP CONSTRAINT, and the changes of one
 * column that {@link ColumnAlterations} makes (ALTER [COLUMN], RENAME [COLUMN]). A new constraint is checked against the
 * rows the table has (23514, 23505, 23503). An added column is stored in no existing row: older rows read it as its
 * DEFAULT evaluated once, now (or NULL), the value the catalog keeps as the column's added value; so NOT NULL
 * without a DEFAULT, and identity columns, can be added only to an empty table. A dropped column goes with the
 * indexes, foreign keys and CHECK constraints that contain it, as in PostgreSQL; other tables' foreign keys to it and
 * views that read it make the drop fail with 2BP01 unless it cascades. Stored rows keep its value, unread. A table
 * without a primary key can gain one (ADD PRIMARY KEY, or a column added with PRIMARY KEY): its columns become NOT
 * NULL, and the rows must have no NULL and no duplicate in them (23502, 23505); a second one is refused with 42P16.
 * Dropping the primary key, or a column of it, is refused with 0A000.
 */
record AlterTableCommand(SqlAlterTableStatement statement) implements DdlCommand {
    @Override
    public void execute(Database database) {
        String name = Names.key(statement.table);
        TableDefinition table = database.catalog().table(name).orElse(null);
        if (table == null) {
            if (statement.tableIfExists) {
                return;
            }
            throw ErrorCode.TABLE_NOT_FOUND.exception(name);
        }
        TableDefinitions definitions = new TableDefinitions(database.catalog(), name, database.config().indexKind());
        switch (statement.action) {
            case ADD_COLUMN -> {
                SqlColumnDefinition column = (SqlColumnDefinition) statement.subject;
                if (!statement.ifExists || table.columnIndex(Names.simple(column.name)) < 0) {
                    addColumn(database, table, column, definitions);
                }
            }
            case ADD_CONSTRAINT -> {
                TableDefinition changed = definitions.withConstraint(table, (SqlTableConstraint) statement.subject);
                store(database, changed, List.of());
            }
            case DROP_CONSTRAINT -> {
                String constraint = Names.simple((SqlIdentifier) statement.subject);
                if (statement.ifExists && !table.hasConstraint(constraint)) {
                    return;
                }
                IndexDefinition index = table.index(constraint).orElse(null);
                if (index != null && index.origin() == IndexOrigin.UNIQUE_CONSTRAINT) {
                    database.dropUniqueConstraint(table.name(), constraint, statement.cascade);
                } else {
                    database.alterTable(withoutConstraint(table, constraint));
                }
            }
            case DROP_COLUMN -> dropColumn(database, table, statement);
            case ALTER_COLUMN -> ColumnAlterations.alter(database, table, (SqlAlterColumn) statement.subject);
            case RENAME_COLUMN -> ColumnAlterations.rename(database, table, (SqlNodeList) statement.subject);
            case RENAME_TABLE -> {
                // As in PostgreSQL, a table keeps its schema: an unqualified new name is in the table's schema.
                SqlIdentifier newName = (SqlIdentifier) statement.subject;
                database.renameTable(table.name(), newName.isSimple()
                    ? CatalogNames.key(CatalogNames.schemaOf(table.name()), Names.simple(newName))
                    : Names.key(newName));
            }
            default -> throw new IllegalStateException(statement.action.toString());
        }
    }

    private static void addColumn(Database database, TableDefinition table, SqlColumnDefinition column,
                                  TableDefinitions definitions) {
        String columnName = Names.simple(column.name);
        if (table.columnIndex(columnName) >= 0) {
            throw ErrorCode.DUPLICATE_COLUMN.exception(columnName, table.name());
        }
        List<SequenceDefinition> sequences = new ArrayList<>();
        ColumnDefinition added = definitions.column(column, false, sequences);
        boolean empty = ExistingRows.isEmpty(database, table.name());
        if (added.identity() != null && !empty) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("adding identity column " + columnName
                + " to table " + table.name() + ", which has rows");
        }
        TableDefinition changed = table.withColumn(added);
        Object addedValue = null;
        if (added.defaultExpression() != null) {
            ExpressionChecks checks = new ExpressionChecks(database.catalog(), changed);
            checks.checkDefault(added);
            if (!empty) {
                addedValue = evaluate(database, checks.defaultValue(added), added);
            }
        }
        changed = table.withColumn(added.withAddedValue(addedValue));
        for (SqlTableConstraint constraint : column.constraints) {
            changed = definitions.withConstraint(changed, constraint);
        }
        if (!changed.column(table.columnCount()).nullable() && addedValue == null && !empty) {
            // NOT NULL declared, or implied by PRIMARY KEY: every older row would read NULL.
            throw ErrorCode.NOT_NULL_VIOLATION.exception(columnName, table.name());
        }
        store(database, changed, sequences);
    }

    private static void dropColumn(Database database, TableDefinition table, SqlAlterTableStatement statement) {
        String columnName = Names.simple((SqlIdentifier) statement.subject);
        int column = table.columnIndex(columnName);
        if (column < 0) {
            if (statement.ifExists) {
                return;
            }
            throw ErrorCode.COLUMN_NOT_FOUND.exception(columnName + " of table " + table.name());
        }
        if (table.columnCount() == 1) {
            throw ErrorCode.INVALID_DEFINITION.exception(table.name(), "column " + columnName
                + " is its only column; a table needs at least one (drop the table instead)");
        }
        TableDefinition changed = table.withoutColumn(column);
        ExpressionChecks checks = new ExpressionChecks(database.catalog(), changed);
        for (CheckConstraint check : changed.checks()) {
            if (checks.breaks(check)) {
                changed = changed.withoutConstraint(check.name());
            }
        }
        Set<String> views = new LinkedHashSet<>();
        for (ViewDefinition view : database.catalog().views()) {
            if (view.dependsOn().contains(table.name())
                    && ViewDefinitions.breaksWith(view, changed, database.catalog(), database.systemViews())) {
                views.add(view.name());
            }
        }
        database.dropColumn(changed, column, views, statement.cascade);
    }

    /** The DEFAULT of a column added to a table with rows, as the value those rows read. */
    private static Object evaluate(Database database, RexNode value, ColumnDefinition column) {
        String text = value.toString();
        if (text.contains("NEXT_VALUE") || text.contains("NEXTVAL")) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("a DEFAULT that takes sequence values for a column added "
                + "to a table with rows (every row would read the same value)");
        }
        Object result = new ExprCompiler(new RexBuilder(new VersoTypeFactory()))
            .compile(value).eval(new Object[0], new ExecContext(database, null, new Object[0], new Cancellation()));
        return result == null ? null : Values.canonical(result, column.type());
    }

    /**
     * Checks the table's rows against the changed definition's constraints, and its columns that became NOT NULL (a
     * PRIMARY KEY added) for NULLs, then stores it.
     */
    private static void store(Database database, TableDefinition changed, List<SequenceDefinition> sequences) {
        Catalog catalog = database.catalog();
        TableDefinition before = catalog.table(changed.name()).orElseThrow();
        for (int column = 0; column < before.columnCount(); column++) {
            if (before.column(column).nullable() && !changed.column(column).nullable()
                    && ExistingRows.anyNull(database, changed.name(), column)) {
                throw ErrorCode.NOT_NULL_VIOLATION.exception(changed.column(column).name(), changed.name());
            }
        }
        ExpressionChecks.checkAll(catalog, changed);
        SchemaSnapshot schema = SchemaSnapshot.read(catalog, List.of(), List.of(changed), null);
        RexBuilder rexBuilder = schema.rexBuilder();
        ExprCompiler compiler = new ExprCompiler(rexBuilder);
        ExistingRows.check(database, changed, new ConstraintPlanner(catalog).plan(changed,
            (t, condition) -> compiler.compile(ScalarExpressions.compile(condition, t.name(), schema, rexBuilder))));
        sequences.forEach(database::createSequence);
        database.alterTable(changed);
    }

    private static TableDefinition withoutConstraint(TableDefinition table, String constraint) {
        IndexDefinition index = table.index(constraint).orElse(null);
        if (index != null && index.origin() == IndexOrigin.PRIMARY_KEY) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("dropping the primary key of table " + table.name());
        }
        if (!table.hasConstraint(constraint)) {
            throw ErrorCode.CONSTRAINT_NOT_FOUND.exception(constraint, table.name());
        }
        return table.withoutConstraint(constraint);
    }
}
