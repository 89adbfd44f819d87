package org.verso.sql.ddl;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.core.Database;
import org.verso.core.catalog.CheckConstraint;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.ViewDefinition;
import org.verso.sql.exec.constraint.ExistingRows;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.parse.ast.SqlAlterColumn;
import org.verso.sql.prepare.ViewDefinitions;

/**
 * ALTER TABLE ... ALTER [COLUMN] and RENAME [COLUMN]: changes to one column that rewrite no row. SET and DROP
 * DEFAULT change what later INSERTs store; SET NOT NULL first checks that no row has a NULL there (23502); DROP NOT
 * NULL is refused for a primary key column (42P16); TYPE accepts a type whose values are stored the same way and
 * that holds every value the old one did (the same type, or a longer VARCHAR, CHAR or VARBINARY, or a DECIMAL of
 * more precision and the same scale), and refuses others with 0A000, since they would rewrite the table. RENAME
 * rewrites the CHECK constraints that name the column; a view that reads it makes the rename fail with 2BP01.
 */
final class ColumnAlterations {
    private ColumnAlterations() {
    }

    static void alter(Database database, TableDefinition table, SqlAlterColumn change) {
        String name = Names.simple(change.column);
        int position = position(table, name);
        ColumnDefinition column = table.column(position);
        TableDefinition changed = switch (change.change) {
            case SET_DEFAULT -> {
                if (column.identity() != null) {
                    throw ErrorCode.INVALID_DEFINITION.exception(table.name(), "column " + name
                        + " is an identity column: its values come from its sequence");
                }
                SqlNode value = change.value;
                boolean isNull = value instanceof SqlLiteral literal && literal.getTypeName() == SqlTypeName.NULL;
                ColumnDefinition withDefault = column.withDefault(isNull ? null : Names.sql(value));
                new ExpressionChecks(database.catalog(), table).checkDefault(withDefault);
                yield table.withColumn(position, withDefault);
            }
            case DROP_DEFAULT -> table.withColumn(position, column.withDefault(null));
            case SET_NOT_NULL -> {
                if (ExistingRows.anyNull(database, table.name(), position)) {
                    throw ErrorCode.NOT_NULL_VIOLATION.exception(name, table.name());
                }
                yield table.withColumn(position, column.withNullable(false));
            }
            case DROP_NOT_NULL -> {
                for (int key : table.primaryKey()) {
                    if (key == position) {
                        throw ErrorCode.INVALID_DEFINITION.exception(table.name(), "column " + name
                            + " is in the primary key, which is NOT NULL");
                    }
                }
                yield table.withColumn(position, column.withNullable(true));
            }
            case SET_TYPE -> {
                DataType type = ColumnTypes.resolve((SqlDataTypeSpec) change.value, name).type();
                if (!storedAlike(column.type(), type)) {
                    throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("changing column " + name + " of table "
                        + table.name() + " from " + column.type() + " to " + type + " (its rows would have to be "
                        + "rewritten; a longer VARCHAR, CHAR or VARBINARY or a DECIMAL of more precision is changed "
                        + "in place)");
                }
                yield table.withColumn(position, column.withType(type));
            }
        };
        database.alterTable(changed);
    }

    static void rename(Database database, TableDefinition table, SqlNodeList names) {
        String from = Names.simple((SqlIdentifier) names.get(0));
        String to = Names.simple((SqlIdentifier) names.get(1));
        int position = position(table, from);
        if (table.columnIndex(to) >= 0) {
            throw ErrorCode.DUPLICATE_COLUMN.exception(to, table.name());
        }
        List<CheckConstraint> checks = new ArrayList<>();
        for (CheckConstraint check : table.checks()) {
            SqlNode condition = SqlParsing.parseExpression(check.condition()).accept(new Renaming(from, to));
            checks.add(new CheckConstraint(check.name(), Names.sql(condition)));
        }
        TableDefinition changed = table.withColumn(position, table.column(position).withName(to)).withChecks(checks);
        ExpressionChecks.checkAll(database.catalog(), changed);
        for (ViewDefinition view : database.catalog().views()) {
            if (view.dependsOn().contains(table.name())
                    && ViewDefinitions.breaksWith(view, changed, database.catalog(), database.systemViews())) {
                throw ErrorCode.DEPENDENT_OBJECTS.exception("the name of column " + from + " of table "
                    + table.name(), "view " + view.name());
            }
        }
        database.alterTable(changed);
    }

    private static int position(TableDefinition table, String column) {
        int position = table.columnIndex(column);
        if (position < 0) {
            throw ErrorCode.COLUMN_NOT_FOUND.exception(column + " of table " + table.name());
        }
        return position;
    }

    /** Whether values of {@code from} are stored as {@code to} stores them, and {@code to} holds every one. */
    private static boolean storedAlike(DataType from, DataType to) {
        if (from.kind() != to.kind() || from.scale() != to.scale()) {
            return false;
        }
        return switch (from.kind()) {
            case VARCHAR, CHAR, VARBINARY, DECIMAL -> to.precision() >= from.precision();
            default -> to.precision() == from.precision();
        };
    }

    /** Renames a column wherever a CHECK condition names it (alone or after its table's name). */
    private static final class Renaming extends SqlShuttle {
        private final String from;
        private final String to;

        Renaming(String from, String to) {
            this.from = from;
            this.to = to;
        }

        @Override
        public SqlNode visit(SqlIdentifier id) {
            int last = id.names.size() - 1;
            if (!id.names.get(last).equals(from)) {
                return id;
            }
            List<String> names = new ArrayList<>(id.names);
            names.set(last, to);
            return new SqlIdentifier(names, id.getParserPosition());
        }
    }
}
