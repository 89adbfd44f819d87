package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.validate.SqlNameMatchers;
import org.apache.calcite.sql.validate.SqlValidator;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.schema.SchemaSnapshot;

/**
 * Expressions of a write that reads a table's row together with another row: the SET values and WHERE condition of
 * INSERT ... ON CONFLICT DO UPDATE (the other row is the proposed one, EXCLUDED), and MERGE's SET values, INSERT
 * values and ON condition (the other row is the source's). They are validated and converted as the select list of
 * {@code SELECT ... FROM target AS alias, other}, so that they refer to the target's columns first and the other
 * row's after; values assigned to columns are cast as an UPDATE casts them ({@code SET n = '7'} for an INTEGER
 * column) and fail with 42804 where no cast fits. The statement's own parameters in them keep their numbers.
 */
final class AssignedExpressions {
    /**
     * The converted select items, over the target's columns followed by the other row's, and the types of the
     * parameters in the select list, in the order they appear.
     */
    record Converted(List<RexNode> items, List<RelDataType> parameterTypes) {
    }

    private AssignedExpressions() {
    }

    /**
     * @param from        the FROM clause, the target table first
     * @param items       the select items: values assigned to columns, and conditions
     * @param assigned    per item, the target column it is assigned to, or -1 for a condition
     * @param columnTypes the target table's column types
     * @param inputWidth  the number of columns the FROM clause yields
     * @param what        the clause, for messages
     */
    static Converted convert(SchemaSnapshot schema, RexBuilder rexBuilder, SqlNode from, List<SqlNode> items,
                             int[] assigned, TableDefinition table, List<RelDataType> columnTypes, int inputWidth,
                             String what) {
        List<SqlNode> typed = new ArrayList<>(items);
        for (int i = 0; i < assigned.length; i++) {
            if (assigned[i] >= 0) {
                typed.set(i, typedIfBare(items.get(i), columnTypes.get(assigned[i])));
            }
        }
        SqlSelect select = (SqlSelect) SqlParsing.parse("SELECT 1");
        select.setSelectList(new SqlNodeList(typed, SqlParserPos.ZERO));
        select.setFrom(from);
        SqlValidator validator = Validators.validator(schema);
        SqlSelect validated = (SqlSelect) validator.validate(select);
        coerceToColumns(validator, validated, assigned, columnTypes);
        List<RelDataType> parameterTypes = validator.getParameterRowType(validated).getFieldList().stream()
            .map(f -> f.getType()).toList();
        RelOptCluster cluster = Clusters.create(new HepPlanner(HepProgram.builder().build()), rexBuilder);
        RelNode rel = Validators.converter(schema, validator, cluster, new ViewExpansion(schema, cluster))
            .convertQuery(validated, false, true).project();
        if (!(rel instanceof Project project) || project.getInput().getRowType().getFieldCount() != inputWidth) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("this " + what + " clause");
        }
        List<RexNode> converted = project.getProjects();
        for (int i = 0; i < assigned.length; i++) {
            if (assigned[i] < 0) {
                continue;
            }
            RelDataType column = columnTypes.get(assigned[i]);
            RelDataType value = converted.get(i).getType();
            if (!SqlTypeUtil.canAssignFrom(column, value)) {
                throw ErrorCode.TYPE_MISMATCH.exception("column " + table.column(assigned[i]).name() + " is of type "
                    + column.getFullTypeString() + " but the " + what + " expression is of type "
                    + value.getFullTypeString());
            }
        }
        return new Converted(converted, parameterTypes);
    }

    /** Fails with 42804 unless {@code condition} is a BOOLEAN expression. */
    static RexNode condition(RexNode condition, String what) {
        if (condition.getType().getSqlTypeName() != SqlTypeName.BOOLEAN) {
            throw ErrorCode.TYPE_MISMATCH.exception("argument of " + what + " must be of type BOOLEAN, not "
                + condition.getType().getFullTypeString());
        }
        return condition;
    }

    /**
     * The table positions that SET assigns, each named once (a name may be qualified: the last part counts) and
     * none of them generated always: 42703, 42601 and 428C9 otherwise.
     */
    static int[] setColumns(SqlNodeList targets, TableDefinition table) {
        int[] columns = new int[targets.size()];
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < columns.length; i++) {
            SqlIdentifier column = (SqlIdentifier) targets.get(i);
            columns[i] = columnIndex(table, column.names.get(column.names.size() - 1));
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

    /** The position of column {@code name} of {@code table}; 42703 if it has none. */
    static int columnIndex(TableDefinition table, String name) {
        int index = table.columnIndex(name);
        if (index < 0) {
            throw ErrorCode.COLUMN_NOT_FOUND.exception(name + " of table " + table.name());
        }
        return index;
    }

    /** A row of a FROM clause whose values are parameters: its name, its columns' names and their types. */
    record ParameterRow(String alias, List<String> columns, List<RelDataType> types) {
    }

    /**
     * {@code SELECT items FROM (VALUES (CAST(?n AS type), ...)) AS alias (columns), ...}: a query computing the
     * items over one row of each of {@code rows}, whose values are parameters numbered from {@code firstParameter}
     * on, row after row. An item assigned to a column (see {@link #convert}, which has checked that it may be) is
     * cast to the column's type. The items must not have been validated: validation rewrites a tree in place.
     */
    static SqlSelect overRows(List<SqlNode> items, int[] assigned, List<RelDataType> columnTypes,
                              List<ParameterRow> rows, int firstParameter) {
        List<SqlNode> selectList = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            SqlNode item = items.get(i);
            selectList.add(assigned[i] < 0 ? item : cast(item, columnTypes.get(assigned[i])));
        }
        SqlNode from = null;
        int parameter = firstParameter;
        for (ParameterRow row : rows) {
            List<SqlNode> values = new ArrayList<>();
            for (RelDataType type : row.types()) {
                values.add(cast(new SqlDynamicParam(parameter++, SqlParserPos.ZERO), type));
            }
            List<SqlNode> as = new ArrayList<>();
            as.add(SqlStdOperatorTable.VALUES.createCall(SqlParserPos.ZERO,
                SqlStdOperatorTable.ROW.createCall(SqlParserPos.ZERO, values)));
            as.add(new SqlIdentifier(row.alias(), SqlParserPos.ZERO));
            row.columns().forEach(c -> as.add(new SqlIdentifier(c, SqlParserPos.ZERO)));
            SqlNode named = SqlStdOperatorTable.AS.createCall(SqlParserPos.ZERO, as);
            from = from == null ? named : new SqlJoin(SqlParserPos.ZERO, from, SqlLiteral.createBoolean(false,
                SqlParserPos.ZERO), JoinType.COMMA.symbol(SqlParserPos.ZERO), named,
                JoinConditionType.NONE.symbol(SqlParserPos.ZERO), null);
        }
        SqlSelect select = (SqlSelect) SqlParsing.parse("SELECT 1");
        select.setSelectList(new SqlNodeList(selectList, SqlParserPos.ZERO));
        select.setFrom(from);
        return select;
    }

    private static SqlNode cast(SqlNode value, RelDataType type) {
        return new SqlBasicCall(SqlStdOperatorTable.CAST, List.of(value, SqlTypeUtil.convertTypeToSpec(type)),
            value.getParserPosition());
    }

    /** An expression as SQL text on one line, for a plan's text. */
    static String text(SqlNode expression) {
        return expression.toSqlString(CalciteSqlDialect.DEFAULT).getSql().replaceAll("\\s*\n\\s*", " ");
    }

    /**
     * Fails with 0A000 if the expression has, outside a subquery, an aggregate, a window function or DEFAULT: the
     * SET values and conditions of one row cannot aggregate rows.
     */
    static SqlNode withoutAggregates(SqlNode expression, String what) {
        expression.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlCall call) {
                if (call instanceof SqlSelect || call.getKind().belongsTo(SqlKind.QUERY)) {
                    return call; // a subquery may aggregate its own rows
                }
                if (call.getKind() == SqlKind.OVER || call.getKind() == SqlKind.DEFAULT || isAggregate(call)) {
                    throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("an aggregate, window function or DEFAULT in "
                        + what);
                }
                return super.visit(call);
            }
        });
        return expression;
    }

    /** Whether {@code call} is an aggregate's, resolved or (as the parser leaves most names) by its name. */
    private static boolean isAggregate(SqlCall call) {
        if (call.getOperator().isAggregator()) {
            return true;
        }
        if (!(call.getOperator() instanceof SqlUnresolvedFunction function)) {
            return false;
        }
        List<SqlOperator> found = new ArrayList<>();
        VersoOperators.TABLE.lookupOperatorOverloads(function.getNameAsId(), null, SqlSyntax.FUNCTION, found,
            SqlNameMatchers.withCaseSensitive(false));
        return found.stream().anyMatch(SqlOperator::isAggregator);
    }

    /** The number of parameters in {@code node}. */
    static int parameterCount(SqlNode node) {
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

    /** A quoted SQL identifier. */
    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
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

    /**
     * Casts each assigned value to its column's type where Calcite's implicit coercion would cast it in an UPDATE,
     * as it casts an INSERT's query; a value it cannot cast keeps its type and fails the assignment check (42804).
     */
    private static void coerceToColumns(SqlValidator validator, SqlSelect select, int[] assigned,
                                        List<RelDataType> columnTypes) {
        RelDataType source = validator.getValidatedNodeType(select);
        List<RelDataType> targets = new ArrayList<>();
        for (int i = 0; i < source.getFieldCount(); i++) {
            // Conditions keep their own types; a cast keeps the value's nullability.
            RelDataType value = source.getFieldList().get(i).getType();
            targets.add(assigned[i] < 0 ? value : validator.getTypeFactory()
                .createTypeWithNullability(columnTypes.get(assigned[i]), value.isNullable()));
        }
        RelDataType target = validator.getTypeFactory().createStructType(targets, source.getFieldNames());
        if (!SqlTypeUtil.equalAsStructSansNullability(validator.getTypeFactory(), source, target, null)) {
            validator.getTypeCoercion().querySourceCoercion(validator.getSelectScope(select), source, target, select);
        }
    }
}
