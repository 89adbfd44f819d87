package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlShuttle;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.constraint.TableConstraints;
import org.verso.sql.exec.expr.Expr;
import org.verso.sql.exec.expr.ExprCompiler;
import org.verso.sql.exec.node.MergeNode;
import org.verso.sql.exec.node.SetValues;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.parse.SqlTrees;
import org.verso.sql.parse.ast.SqlMergeStatement;
import org.verso.sql.parse.ast.SqlMergeWhen;
import org.verso.sql.schema.SchemaSnapshot;
import org.verso.sql.type.TypeMapping;

/**
 * Plans {@code MERGE INTO target [AS t] USING source [AS s] ON condition [WHEN MATCHED THEN UPDATE SET ...] [WHEN
 * NOT MATCHED THEN INSERT [(columns)] VALUES (...)]} into a {@link MergeNode} from plans of ordinary statements:
 * <ul>
 *   <li>the source, as {@code SELECT * FROM source};</li>
 *   <li>the match, as {@code SELECT * FROM target AS t WHERE condition}, and the insert, as {@code INSERT INTO
 *       target ... VALUES (...)}, with every reference to a source column replaced by a parameter numbered after
 *       the statement's own, which the executor binds to each source row: the match is a key lookup when the
 *       condition fixes the target's key, and the insert fills omitted columns and checks its row as any INSERT
 *       does;</li>
 *   <li>the condition and the SET values as {@link AssignedExpressions} over the target's row followed by the
 *       source's, which also type-check the INSERT values and give the parameters' types.</li>
 * </ul>
 * A column name alone refers to whichever of the target and the source has it (42702 if both do in the condition
 * or the SET values; in the INSERT values only the source's columns are visible). An expression with a subquery
 * (in a condition, a SET value or an INSERT value) is the value of a query over a row of parameters for the target's
 * row and one for the source's ({@link AssignedExpressions#overRows}), planned as any query; aggregates outside a
 * subquery are 0A000.
 */
final class MergePlanner {
    private static final String WHAT = "MERGE";
    private static final SqlParserPos POS = SqlParserPos.ZERO;

    /** Plans one ordinary statement (a query or a change) with the MERGE's catalog snapshot. */
    @FunctionalInterface
    interface Statements {
        CompiledStatement plan(SqlNode statement);
    }

    private final Supplier<SqlMergeStatement> parse;
    private final SchemaSnapshot schema;
    private final TableDefinition target;
    /** The target's column types, as Calcite's schema gives them. */
    private final List<RelDataType> targetTypes;
    private final String targetAlias;
    private final String sourceAlias;
    /** The source's columns by name, with their positions. */
    private final Map<String, Integer> sourceColumns = new HashMap<>();
    private final List<RelDataType> sourceTypes = new ArrayList<>();
    /** The number of the statement's own parameters: a source row's values are bound after them. */
    private final int ownParameters;

    private MergePlanner(Supplier<SqlMergeStatement> parse, SchemaSnapshot schema, TableDefinition target,
                         List<RelDataType> targetTypes, String targetAlias, String sourceAlias, int ownParameters) {
        this.parse = parse;
        this.schema = schema;
        this.target = target;
        this.targetTypes = targetTypes;
        this.targetAlias = targetAlias;
        this.sourceAlias = sourceAlias;
        this.ownParameters = ownParameters;
    }

    /**
     * @param parse       a new tree of the statement at each call (the sub-statements are validated separately, and
     *                    validation rewrites trees in place)
     * @param constraints the constraints of writes to a table
     * @param statements  plans the sub-statements
     */
    static CompiledStatement plan(Supplier<SqlMergeStatement> parse, SchemaSnapshot schema, RexBuilder rexBuilder,
                                  ExprCompiler compiler, Function<TableDefinition, TableConstraints> constraints,
                                  Statements statements) {
        SqlMergeStatement merge = parse.get();
        TableDefinition target = TargetTables.stored(merge.table, schema.catalog(), WHAT);
        String targetAlias = merge.alias != null ? merge.alias.getSimple()
            : merge.table.names.get(merge.table.names.size() - 1);
        List<RelDataType> targetTypes = schema.catalogReader().getTable(merge.table.names).getRowType()
            .getFieldList().stream().map(RelDataTypeField::getType).toList();
        MergePlanner planner = new MergePlanner(parse, schema, target, targetTypes, targetAlias,
            sourceAlias(merge.source), AssignedExpressions.parameterCount(merge));
        return planner.plan(merge, rexBuilder, compiler, constraints, statements);
    }

    private static String sourceAlias(SqlNode source) {
        if (source instanceof SqlIdentifier id) {
            return id.names.get(id.names.size() - 1);
        }
        if (source.getKind() == SqlKind.AS && ((SqlCall) source).operand(1) instanceof SqlIdentifier alias) {
            return alias.getSimple();
        }
        throw ErrorCode.SYNTAX_ERROR.exception("the source of MERGE needs a name: USING (...) AS name");
    }

    /** Where a WHEN clause's expressions stand among the converted items: its condition's, its first value's. */
    private record ClauseItems(int condition, int firstValue, int[] columns) {
    }

    private CompiledStatement plan(SqlMergeStatement merge, RexBuilder rexBuilder, ExprCompiler compiler,
                                   Function<TableDefinition, TableConstraints> constraints, Statements statements) {
        typeBareSourceValues(merge);
        SqlSelect sourceQuery = (SqlSelect) SqlParsing.parse("SELECT * FROM x");
        sourceQuery.setFrom(fresh().source);
        CompiledStatement source = statements.plan(sourceQuery);
        for (ColumnMeta column : source.columns()) {
            sourceColumns.putIfAbsent(column.label(), sourceTypes.size());
            sourceTypes.add(TypeMapping.toRelType(schema.typeFactory(), column.type(), column.nullable()));
        }
        // The ON condition, then each clause's condition and values (an INSERT's DEFAULT aside), in the order of the
        // statement's text, so that their parameters come in the order of their numbers.
        List<SqlNode> items = new ArrayList<>();
        List<Integer> assigned = new ArrayList<>();
        List<Boolean> sourceOnly = new ArrayList<>();
        add(items, assigned, sourceOnly, merge.condition, -1, false);
        List<SqlMergeWhen> whens = merge.whens();
        List<ClauseItems> clauseItems = new ArrayList<>();
        for (SqlMergeWhen when : whens) {
            checkAction(when);
            int condition = when.condition == null ? -1 : items.size();
            if (when.condition != null) {
                add(items, assigned, sourceOnly, when.condition, -1, !when.matched);
            }
            int firstValue = items.size();
            int[] columns = null;
            if (when.action == SqlMergeWhen.Action.UPDATE) {
                columns = AssignedExpressions.setColumns(when.columns, target);
                for (int i = 0; i < columns.length; i++) {
                    add(items, assigned, sourceOnly, when.values.get(i), columns[i], false);
                }
            } else if (when.action == SqlMergeWhen.Action.INSERT) {
                columns = insertColumns(when);
                for (int i = 0; i < columns.length; i++) {
                    if (when.values.get(i).getKind() != SqlKind.DEFAULT) {
                        add(items, assigned, sourceOnly, when.values.get(i), columns[i], true);
                    }
                }
            }
            clauseItems.add(new ClauseItems(condition, firstValue, columns));
        }
        SqlNode targetItem = ((SqlSelect) SqlParsing.parse("SELECT 1 FROM " + ScalarExpressions.quoted(target.name())
            + " AS " + AssignedExpressions.quote(targetAlias))).getFrom();
        SqlNode from = new SqlJoin(POS, targetItem, SqlLiteral.createBoolean(false, POS), JoinType.COMMA.symbol(POS),
            merge.source, JoinConditionType.NONE.symbol(POS), null);
        // Validation rewrites the items in place: a query computing one with a subquery is planned from a copy.
        List<SqlNode> copies = items.stream().map(SqlTrees::copy).toList();
        int[] assignedColumns = assigned.stream().mapToInt(Integer::intValue).toArray();
        AssignedExpressions.Converted converted = AssignedExpressions.convert(schema, rexBuilder, from, items,
            assignedColumns, target, targetTypes, targetTypes.size() + sourceTypes.size(), WHAT);
        List<RexNode> expressions = converted.items();
        Function<Integer, Expr> compiled = i -> RexUtil.SubQueryFinder.find(List.of(expressions.get(i))) == null
            ? compiler.compile(expressions.get(i)) : planned(copies.get(i), assignedColumns[i], statements);
        for (int i = 0; i < expressions.size(); i++) {
            int first = RelOptUtil.InputFinder.bits(expressions.get(i)).nextSetBit(0);
            if (sourceOnly.get(i) && first >= 0 && first < targetTypes.size()) {
                throw ErrorCode.COLUMN_NOT_FOUND.exception(target.column(first).name() + " in MERGE's WHEN NOT "
                    + "MATCHED clause (only the source's columns are there)");
            }
        }
        AssignedExpressions.condition(expressions.get(0), "MERGE ... ON");
        Expr condition = compiled.apply(0);
        CompiledStatement match = statements.plan(matchQuery());
        if (!match.plan().preservesRowId()) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("this MERGE condition (its match is not a read of the "
                + "target table alone)");
        }
        List<MergeNode.WhenMatched> whenMatched = new ArrayList<>();
        List<MergeNode.WhenNotMatched> whenNotMatched = new ArrayList<>();
        List<String> explained = new ArrayList<>();
        for (int c = 0; c < whens.size(); c++) {
            SqlMergeWhen when = whens.get(c);
            ClauseItems at = clauseItems.get(c);
            if (at.condition >= 0) {
                AssignedExpressions.condition(expressions.get(at.condition), "MERGE ... WHEN ... AND");
            }
            Expr clauseCondition = at.condition < 0 ? null : compiled.apply(at.condition);
            String text = (when.matched ? "WHEN MATCHED" : "WHEN NOT MATCHED")
                + (at.condition < 0 ? "" : " AND " + expressions.get(at.condition)) + " THEN " + when.action;
            if (when.matched) {
                Expr[] values = null;
                if (at.columns != null) {
                    values = new Expr[at.columns.length];
                    StringBuilder set = new StringBuilder();
                    for (int i = 0; i < values.length; i++) {
                        values[i] = compiled.apply(at.firstValue + i);
                        set.append(i == 0 ? " " : ", ").append(target.column(at.columns[i]).name()).append('=')
                            .append(expressions.get(at.firstValue + i));
                    }
                    text += set;
                }
                whenMatched.add(new MergeNode.WhenMatched(clauseCondition, at.columns,
                    values == null ? null : SetValues.of(values, null),
                    when.action == SqlMergeWhen.Action.DELETE));
                explained.add(text);
            } else {
                CompiledStatement insertion = when.action == SqlMergeWhen.Action.INSERT
                    ? statements.plan(insertStatement(c)) : null;
                whenNotMatched.add(new MergeNode.WhenNotMatched(clauseCondition,
                    insertion == null ? null : insertion.plan()));
                explained.add(insertion == null ? text : text + "\n" + insertion.explain().indent(2).stripTrailing());
            }
        }
        DataType[] types = target.columns().stream().map(ColumnDefinition::type).toArray(DataType[]::new);
        MergeNode node = new MergeNode(target.name(), source.plan(), match.plan(), condition, whenMatched,
            whenNotMatched, types, constraints.apply(target));
        return CompiledStatement.planned(StatementKind.DML, parameters(source, converted.parameterTypes()),
            List.of(), node, schema.catalogVersion(), explain(expressions.get(0), source, match, explained), false,
            false);
    }

    /**
     * An item that holds a subquery (not validated yet), as the value of a query over a row of parameters for the
     * target's row and one for the source's, bound after the statement's own parameters when it is evaluated.
     */
    private Expr planned(SqlNode item, int column, Statements statements) {
        List<String> targetNames = target.columns().stream().map(ColumnDefinition::name).toList();
        List<String> sourceNames = new ArrayList<>(sourceTypes.size());
        for (int i = 0; i < sourceTypes.size(); i++) {
            sourceNames.add(null);
        }
        sourceColumns.forEach((name, index) -> sourceNames.set(index, name));
        for (int i = 0; i < sourceNames.size(); i++) {
            if (sourceNames.get(i) == null) {
                sourceNames.set(i, "$SOURCE" + i); // a name the source repeats: reached by neither spelling
            }
        }
        List<AssignedExpressions.ParameterRow> rows = List.of(
            new AssignedExpressions.ParameterRow(targetAlias, targetNames, targetTypes),
            new AssignedExpressions.ParameterRow(sourceAlias, sourceNames, sourceTypes));
        PlanNode query = statements.plan(AssignedExpressions.overRows(List.of(item), new int[] {column},
            targetTypes, rows, ownParameters)).plan();
        return (both, ctx) -> query.open(ctx.withTrailingParams(both)).next()[0];
    }

    /** Adds a select item of the synthetic query; a WHEN NOT MATCHED clause's names alone are the source's. */
    private void add(List<SqlNode> items, List<Integer> assigned, List<Boolean> sourceOnly, SqlNode item, int column,
                     boolean ofSource) {
        SqlNode checked = AssignedExpressions.withoutAggregates(item, WHAT);
        items.add(ofSource ? qualifiedBySource(checked) : checked);
        assigned.add(column);
        sourceOnly.add(ofSource);
    }

    /** WHEN MATCHED updates, deletes or does nothing; WHEN NOT MATCHED inserts or does nothing (42601 otherwise). */
    private static void checkAction(SqlMergeWhen when) {
        boolean fits = when.matched ? when.action != SqlMergeWhen.Action.INSERT
            : when.action == SqlMergeWhen.Action.INSERT || when.action == SqlMergeWhen.Action.NOTHING;
        if (!fits) {
            throw ErrorCode.SYNTAX_ERROR.exception((when.matched ? "WHEN MATCHED" : "WHEN NOT MATCHED")
                + " cannot " + when.action + " in MERGE");
        }
    }

    /** A new tree of the statement, with the bare parameters of a VALUES source typed. */
    private SqlMergeStatement fresh() {
        SqlMergeStatement merge = parse.get();
        typeBareSourceValues(merge);
        return merge;
    }

    /**
     * Types the bare parameters and NULLs of a VALUES source ({@code USING (VALUES (?, ?)) AS s (id, v)}, the form
     * applications send through JDBC), which Calcite cannot type by themselves, as the target column their source
     * column is compared with in the ON condition or assigned to in the SET or INSERT values; a string keeps any
     * length, so that the target column's own check reports a value too long (22001). A parameter whose column
     * meets no target column is left as written, and the statement fails as Calcite fails it.
     */
    private void typeBareSourceValues(SqlMergeStatement merge) {
        if (!(merge.source instanceof SqlCall as) || as.getKind() != SqlKind.AS || as.operandCount() < 3
            || as.operand(0).getKind() != SqlKind.VALUES) {
            return;
        }
        List<String> names = as.getOperandList().subList(2, as.operandCount()).stream()
            .map(n -> ((SqlIdentifier) n).getSimple()).toList();
        Map<String, RelDataType> types = new HashMap<>();
        inferFromCondition(merge.condition, names, types);
        for (SqlMergeWhen when : merge.whens()) {
            if (when.action == SqlMergeWhen.Action.UPDATE) {
                for (int i = 0; i < when.columns.size(); i++) {
                    infer(when.values.get(i), ((SqlIdentifier) when.columns.get(i)).getSimple(), names, types, false);
                }
            } else if (when.action == SqlMergeWhen.Action.INSERT) {
                for (int i = 0; i < when.values.size()
                    && (when.columns == null ? i < target.columnCount() : i < when.columns.size()); i++) {
                    infer(when.values.get(i), when.columns == null ? target.column(i).name()
                        : ((SqlIdentifier) when.columns.get(i)).getSimple(), names, types, true);
                }
            }
        }
        for (SqlNode row : ((SqlCall) as.operand(0)).getOperandList()) {
            SqlCall values = (SqlCall) row;
            for (int j = 0; j < values.operandCount() && j < names.size(); j++) {
                SqlNode value = values.operand(j);
                RelDataType type = types.get(names.get(j));
                boolean bare = value instanceof SqlDynamicParam
                    || value instanceof SqlLiteral literal && literal.getTypeName() == SqlTypeName.NULL;
                if (bare && type != null) {
                    values.setOperand(j, new SqlBasicCall(SqlStdOperatorTable.CAST, List.of(value,
                        SqlTypeUtil.convertTypeToSpec(type)), value.getParserPosition()));
                }
            }
        }
    }

    /** Types from the ON condition's equalities between a target column and a source column. */
    private void inferFromCondition(SqlNode condition, List<String> names, Map<String, RelDataType> types) {
        if (!(condition instanceof SqlCall call)) {
            return;
        }
        if (call.getKind() == SqlKind.AND) {
            call.getOperandList().forEach(c -> inferFromCondition(c, names, types));
        } else if (call.getKind() == SqlKind.EQUALS) {
            for (int side = 0; side < 2; side++) {
                if (call.operand(side) instanceof SqlIdentifier column
                    && (column.names.size() == 2 && column.names.get(0).equals(targetAlias)
                        || column.isSimple() && !names.contains(column.getSimple()))) {
                    infer(call.operand(1 - side), column.names.get(column.names.size() - 1), names, types, false);
                }
            }
        }
    }

    /** If {@code value} names a source column, that column takes the type of target column {@code column}. */
    private void infer(SqlNode value, String column, List<String> names, Map<String, RelDataType> types,
                       boolean sourceOnly) {
        if (!(value instanceof SqlIdentifier id) || target.columnIndex(column) < 0) {
            return;
        }
        String name = id.names.size() == 2 && id.names.get(0).equals(sourceAlias) ? id.names.get(1)
            : id.isSimple() && (sourceOnly || target.columnIndex(id.getSimple()) < 0) ? id.getSimple() : null;
        if (name != null && names.contains(name)) {
            RelDataType type = targetTypes.get(target.columnIndex(column));
            types.putIfAbsent(name, SqlTypeUtil.inCharFamily(type)
                ? TypeMapping.toRelType(schema.typeFactory(), DataType.varchar(DataType.MAX_STRING_LENGTH), true)
                : type);
        }
    }

    /** The statement's parameters: the source's, then those of the condition, SET and INSERT values. */
    private List<ColumnMeta> parameters(CompiledStatement source, List<RelDataType> itemParameters) {
        int ofSource = source.parameters().size();
        // The synthetic query lists its select items' parameters before those of its FROM clause (the source).
        if (itemParameters.size() != ownParameters) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("parameters in this MERGE statement");
        }
        List<ColumnMeta> all = new ArrayList<>(source.parameters());
        all.addAll(StatementCompiler.parameters(itemParameters.subList(0, ownParameters - ofSource), ofSource));
        return all;
    }

    private int[] insertColumns(SqlMergeWhen when) {
        int count = when.columns == null ? target.columnCount() : when.columns.size();
        if (when.values.size() != count) {
            throw ErrorCode.SYNTAX_ERROR.exception("MERGE's INSERT has " + when.values.size() + " values for "
                + count + " columns");
        }
        int[] columns = new int[count];
        for (int i = 0; i < count; i++) {
            columns[i] = when.columns == null ? i : AssignedExpressions.columnIndex(target,
                ((SqlIdentifier) when.columns.get(i)).getSimple());
        }
        return columns;
    }

    /** {@code SELECT * FROM target AS t WHERE condition}, the source's columns as parameters. */
    private SqlNode matchQuery() {
        SqlSelect query = (SqlSelect) SqlParsing.parse("SELECT * FROM " + ScalarExpressions.quoted(target.name())
            + " AS " + AssignedExpressions.quote(targetAlias));
        query.setWhere(fresh().condition.accept(sourceAsParameters(false)));
        return query;
    }

    /** The INSERT of WHEN clause {@code clause}, the source's columns as parameters. */
    private SqlNode insertStatement(int clause) {
        SqlMergeWhen when = fresh().whens().get(clause);
        SqlShuttle toParameters = sourceAsParameters(true);
        List<SqlNode> values = when.values.stream().map(v -> v.accept(toParameters)).toList();
        SqlNode row = SqlStdOperatorTable.ROW.createCall(when.getParserPosition(), values);
        return new SqlInsert(when.getParserPosition(), SqlNodeList.EMPTY, parse.get().table,
            SqlStdOperatorTable.VALUES.createCall(when.getParserPosition(), row), when.columns);
    }

    /**
     * Replaces each reference to a source column (qualified with the source's name, or alone where the target has
     * no such column or, with {@code sourceOnly}, is not visible) by the parameter a source row's value is bound to.
     */
    private SqlShuttle sourceAsParameters(boolean sourceOnly) {
        return new SqlShuttle() {
            /** Inside a subquery a name alone is its own tables' first: only qualified ones are replaced there. */
            private boolean inSubquery;

            @Override
            public SqlNode visit(SqlIdentifier id) {
                Integer column = inSubquery && id.isSimple() ? null : sourceColumn(id, sourceOnly);
                if (column == null) {
                    return id;
                }
                SqlDynamicParam param = new SqlDynamicParam(ownParameters + column, id.getParserPosition());
                return new SqlBasicCall(SqlStdOperatorTable.CAST, List.of(param,
                    SqlTypeUtil.convertTypeToSpec(sourceTypes.get(column))), id.getParserPosition());
            }

            @Override
            public SqlNode visit(SqlCall call) {
                if (!(call instanceof SqlSelect || call.getKind().belongsTo(SqlKind.QUERY)) || inSubquery) {
                    return super.visit(call);
                }
                inSubquery = true;
                try {
                    return super.visit(call);
                } finally {
                    inSubquery = false;
                }
            }
        };
    }

    /** The INSERT values' column names alone are the source's: qualified with its name for the synthetic query. */
    private SqlNode qualifiedBySource(SqlNode value) {
        return value.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlIdentifier id) {
                return id.isSimple() && sourceColumns.containsKey(id.getSimple())
                    ? new SqlIdentifier(List.of(sourceAlias, id.getSimple()), id.getParserPosition()) : id;
            }

            @Override
            public SqlNode visit(SqlCall call) {
                // A subquery's names are its own tables' first, as anywhere else.
                return call instanceof SqlSelect || call.getKind().belongsTo(SqlKind.QUERY) ? call
                    : super.visit(call);
            }
        });
    }

    private Integer sourceColumn(SqlIdentifier id, boolean sourceOnly) {
        if (id.names.size() == 2 && id.names.get(0).equals(sourceAlias)) {
            return sourceColumns.get(id.names.get(1));
        }
        if (id.isSimple() && (sourceOnly || target.columnIndex(id.getSimple()) < 0)) {
            return sourceColumns.get(id.getSimple());
        }
        return null;
    }

    private String explain(RexNode on, CompiledStatement source, CompiledStatement match, List<String> clauses) {
        StringBuilder text = new StringBuilder("VersoMerge(table=[").append(target.name()).append("], on=[")
            .append(on).append("])\n");
        text.append("  source:\n").append(source.explain().indent(4));
        text.append("  match:\n").append(match.explain().indent(4));
        for (String clause : clauses) {
            text.append(clause.indent(2));
        }
        return text.toString().stripTrailing();
    }
}
