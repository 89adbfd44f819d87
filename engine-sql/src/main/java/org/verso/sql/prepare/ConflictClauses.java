package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.validate.SqlValidator;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.exec.expr.Expr;
import org.verso.sql.exec.expr.ExprCompiler;
import org.verso.sql.exec.node.InsertConflict;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.parse.ast.SqlInsertOnConflict;
import org.verso.sql.schema.CatalogTable;
import org.verso.sql.schema.SchemaSnapshot;

/**
 * Compiles the ON CONFLICT clause of an INSERT ({@link SqlInsertOnConflict}) into the executor's
 * {@link InsertConflict}: the conflict target becomes the unique index it names (42P10 if none matches), and DO
 * UPDATE's SET values and WHERE condition are validated and converted as the select list of {@code SELECT ... FROM
 * table AS table, table AS EXCLUDED}, after every unqualified column name is qualified with the table's name (the
 * existing row; PostgreSQL resolves them so, and EXCLUDED's columns are reached only by qualified names). The
 * expressions then read a row of the existing row's columns followed by the proposed row's.
 *
 * @see StatementCompiler
 */
final class ConflictClauses {
    /** The executor's clause, the types of the parameters in the clause (after the INSERT's) and its plan text. */
    record Compiled(InsertConflict conflict, List<RelDataType> parameterTypes, String explain) {
    }

    private static final String EXCLUDED = "EXCLUDED";

    private ConflictClauses() {
    }

    static Compiled compile(SqlInsertOnConflict clause, SchemaSnapshot schema, RexBuilder rexBuilder,
                            ExprCompiler compiler) {
        SqlIdentifier name = (SqlIdentifier) clause.insert.getTargetTable();
        Prepare.PreparingTable table = schema.catalogReader().getTable(name.names);
        CatalogTable stored = table == null ? null : table.unwrap(CatalogTable.class);
        if (stored == null || stored.definition().id() < 0) {
            throw table == null ? ErrorCode.TABLE_NOT_FOUND.exception(name.toString())
                : ErrorCode.FEATURE_NOT_SUPPORTED.exception("INSERT ... ON CONFLICT into " + name
                    + ", which is not a stored table");
        }
        TableDefinition definition = stored.definition();
        List<String> indexes = conflictIndexes(clause, definition);
        List<String> columnNames = definition.columns().stream().map(ColumnDefinition::name).toList();
        if (clause.doesNothing()) {
            InsertConflict conflict = new InsertConflict(indexes, null, null, null);
            return new Compiled(conflict, List.of(), conflict.explain(definition.name(), columnNames, null, null));
        }
        int[] columns = updatedColumns(clause, definition);
        String alias = name.names.get(name.names.size() - 1);
        List<RelDataType> columnTypes = table.getRowType().getFieldList().stream().map(f -> f.getType()).toList();
        SqlSelect select = (SqlSelect) SqlParsing.parse("SELECT 1 FROM " + ScalarExpressions.quoted(definition.name())
            + " AS " + quote(alias) + ", " + ScalarExpressions.quoted(definition.name()) + " AS " + EXCLUDED);
        List<SqlNode> items = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            items.add(typedIfBare(qualified(clause.updateValues.get(i), alias), columnTypes.get(columns[i])));
        }
        if (clause.condition != null) {
            items.add(qualified(clause.condition, alias));
        }
        select.setSelectList(new SqlNodeList(items, clause.getParserPosition()));
        checkParameterOrder(select, parameterCount(clause.insert));

        SqlValidator validator = Validators.validator(schema);
        SqlSelect validated = (SqlSelect) validator.validate(select);
        coerceToColumns(validator, validated, columns, columnTypes);
        List<RelDataType> parameterTypes = validator.getParameterRowType(validated).getFieldList().stream()
            .map(f -> f.getType()).toList();
        RelOptCluster cluster = Clusters.create(new HepPlanner(HepProgram.builder().build()), rexBuilder);
        RelNode rel = Validators.converter(schema, validator, cluster, new ViewExpansion(schema, cluster))
            .convertQuery(validated, false, true).project();
        if (!(rel instanceof Project project) || project.getInput().getRowType().getFieldCount()
            != 2 * columnTypes.size()) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("this ON CONFLICT DO UPDATE clause");
        }
        List<RexNode> expressions = project.getProjects();
        Expr[] values = new Expr[columns.length];
        for (int i = 0; i < columns.length; i++) {
            RexNode value = expressions.get(i);
            RelDataType column = columnTypes.get(columns[i]);
            if (!SqlTypeUtil.canAssignFrom(column, value.getType())) {
                throw ErrorCode.TYPE_MISMATCH.exception("column " + columnNames.get(columns[i]) + " is of type "
                    + column.getFullTypeString() + " but the ON CONFLICT expression is of type "
                    + value.getType().getFullTypeString());
            }
            values[i] = compiler.compile(value);
        }
        Expr condition = null;
        if (clause.condition != null) {
            RexNode where = expressions.get(columns.length);
            if (where.getType().getSqlTypeName() != SqlTypeName.BOOLEAN) {
                throw ErrorCode.TYPE_MISMATCH.exception("argument of ON CONFLICT ... WHERE must be of type BOOLEAN, "
                    + "not " + where.getType().getFullTypeString());
            }
            condition = compiler.compile(where);
        }
        InsertConflict conflict = new InsertConflict(indexes, columns, values, condition);
        List<String> valueTexts = expressions.subList(0, columns.length).stream().map(RexNode::toString).toList();
        return new Compiled(conflict, parameterTypes, conflict.explain(definition.name(), columnNames, valueTexts,
            clause.condition == null ? null : expressions.get(columns.length).toString()));
    }

    /**
     * Casts each SET value to its column's type where Calcite's implicit coercion would cast it in an UPDATE
     * ({@code SET n = '7'} for an INTEGER column), as it casts an INSERT's query; a value it cannot cast keeps its
     * type and fails the assignment check after conversion (42804).
     */
    private static void coerceToColumns(SqlValidator validator, SqlSelect select, int[] columns,
                                        List<RelDataType> columnTypes) {
        RelDataType source = validator.getValidatedNodeType(select);
        List<RelDataType> targets = new ArrayList<>();
        for (int i = 0; i < source.getFieldCount(); i++) {
            // The WHERE condition, last when there is one, keeps its own type; a cast keeps the value's nullability.
            RelDataType value = source.getFieldList().get(i).getType();
            targets.add(i >= columns.length ? value : validator.getTypeFactory()
                .createTypeWithNullability(columnTypes.get(columns[i]), value.isNullable()));
        }
        RelDataType target = validator.getTypeFactory().createStructType(targets, source.getFieldNames());
        if (!SqlTypeUtil.equalAsStructSansNullability(validator.getTypeFactory(), source, target, null)) {
            validator.getTypeCoercion().querySourceCoercion(validator.getSelectScope(select), source, target, select);
        }
    }

    /** The unique indexes whose keys conflict: the target's, or every unique index for DO NOTHING without one. */
    private static List<String> conflictIndexes(SqlInsertOnConflict clause, TableDefinition table) {
        if (clause.targetColumns != null) {
            int[] columns = new int[clause.targetColumns.size()];
            for (int i = 0; i < columns.length; i++) {
                columns[i] = columnIndex(table, (SqlIdentifier) clause.targetColumns.get(i));
            }
            IndexDefinition index = table.uniqueKeyOn(columns).orElseThrow(() -> ErrorCode.NO_CONFLICT_TARGET
                .exception(table.name(), clause.targetColumns.stream().map(c -> ((SqlIdentifier) c).getSimple())
                    .collect(Collectors.joining(", ", "(", ")"))));
            return List.of(index.name());
        }
        if (clause.constraint != null) {
            String constraint = clause.constraint.getSimple();
            IndexDefinition index = table.index(constraint).orElseThrow(() ->
                ErrorCode.CONSTRAINT_NOT_FOUND.exception(constraint, table.name()));
            if (!index.unique()) {
                throw ErrorCode.NO_CONFLICT_TARGET.exception(table.name(), "ON CONSTRAINT " + constraint);
            }
            return List.of(index.name());
        }
        if (!clause.doesNothing()) {
            throw ErrorCode.SYNTAX_ERROR.exception("ON CONFLICT DO UPDATE needs a conflict target: a list of "
                + "columns with a unique constraint, or ON CONSTRAINT name");
        }
        return table.indexes().stream().filter(IndexDefinition::unique).map(IndexDefinition::name).toList();
    }

    /** The table positions DO UPDATE sets, each named once and none of them generated always. */
    private static int[] updatedColumns(SqlInsertOnConflict clause, TableDefinition table) {
        int[] columns = new int[clause.updateColumns.size()];
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < columns.length; i++) {
            SqlIdentifier column = (SqlIdentifier) clause.updateColumns.get(i);
            columns[i] = columnIndex(table, column);
            if (!seen.add(columns[i])) {
                throw ErrorCode.SYNTAX_ERROR.exception("multiple assignments to the same column " + column);
            }
            ColumnDefinition definition = table.column(columns[i]);
            if (definition.identity() != null && definition.identity().always()) {
                throw ErrorCode.GENERATED_ALWAYS.exception(definition.name(), table.name());
            }
        }
        return columns;
    }

    private static int columnIndex(TableDefinition table, SqlIdentifier column) {
        int index = column.isSimple() ? table.columnIndex(column.getSimple()) : -1;
        if (index < 0) {
            throw ErrorCode.COLUMN_NOT_FOUND.exception(column + " of table " + table.name());
        }
        return index;
    }

    /**
     * The expression with every unqualified column name qualified with {@code alias}: the existing row's. Fails with
     * 0A000 for subqueries, aggregates, window functions and DEFAULT, which the clause does not take.
     */
    private static SqlNode qualified(SqlNode expression, String alias) {
        return expression.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlIdentifier id) {
                return id.isSimple() ? new SqlIdentifier(List.of(alias, id.getSimple()), id.getParserPosition()) : id;
            }

            @Override
            public SqlNode visit(SqlCall call) {
                if (call instanceof SqlSelect || call.getKind() == SqlKind.OVER || call.getKind() == SqlKind.DEFAULT
                    || call.getOperator().isAggregator() || call.getKind().belongsTo(SqlKind.QUERY)) {
                    throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("a subquery, aggregate, window function or "
                        + "DEFAULT in ON CONFLICT DO UPDATE");
                }
                return super.visit(call);
            }
        });
    }

    /** A bare parameter or NULL typed as the column it is assigned to, as an UPDATE's SET types it. */
    private static SqlNode typedIfBare(SqlNode value, RelDataType column) {
        boolean bare = value instanceof SqlDynamicParam
            || value instanceof SqlLiteral literal && literal.getTypeName() == SqlTypeName.NULL;
        if (!bare) {
            return value;
        }
        return new SqlBasicCall(SqlStdOperatorTable.CAST, List.of(value, SqlTypeUtil.convertTypeToSpec(column)),
            value.getParserPosition());
    }

    /** The clause's parameters must follow the INSERT's in the order the executor numbers them. */
    private static void checkParameterOrder(SqlSelect select, int firstParameter) {
        int[] next = {firstParameter};
        select.getSelectList().accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlDynamicParam param) {
                if (param.getIndex() != next[0]++) {
                    throw ErrorCode.INTERNAL_ERROR.exception("ON CONFLICT parameter " + param.getIndex()
                        + " out of order");
                }
                return param;
            }
        });
    }

    /** The number of parameters in {@code node}: the parser numbers the clause's after the INSERT's. */
    private static int parameterCount(SqlNode node) {
        int[] count = {0};
        node.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlDynamicParam param) {
                count[0]++;
                return param;
            }
        });
        return count[0];
    }

    private static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }
}
