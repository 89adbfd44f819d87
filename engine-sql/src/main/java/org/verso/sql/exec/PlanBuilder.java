package org.verso.sql.exec;


import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.rel.core.Window;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.ImmutableBitSet;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.exec.analyze.ProfiledNode;
import org.verso.sql.exec.constraint.TableConstraints;
import org.verso.sql.exec.expr.Expr;
import org.verso.sql.exec.expr.ExprCompiler;
import org.verso.sql.exec.node.AggregateFunction;
import org.verso.sql.exec.node.AggregateNode;
import org.verso.sql.exec.node.FilterNode;
import org.verso.sql.exec.node.HashJoinNode;
import org.verso.sql.exec.node.InsertConflict;
import org.verso.sql.exec.node.InsertNode;
import org.verso.sql.exec.node.JoinType;
import org.verso.sql.exec.node.CorrelateNode;
import org.verso.sql.exec.node.WindowNode;
import org.verso.sql.exec.node.SeriesNode;
import org.verso.sql.exec.node.SetOpNode;
import org.verso.sql.exec.node.IndexJoinNode;
import org.verso.sql.exec.node.IndexScanNode;
import org.verso.sql.exec.node.KeyLookupNode;
import org.verso.sql.exec.node.NestedLoopJoinNode;
import org.verso.sql.exec.node.ProjectNode;
import org.verso.sql.exec.node.RepeatUnionNode;
import org.verso.sql.exec.node.RowComparator;
import org.verso.sql.exec.node.SortNode;
import org.verso.sql.exec.node.TableScanNode;
import org.verso.sql.exec.node.UnionNode;
import org.verso.sql.exec.node.UpdateNode;
import org.verso.sql.exec.node.ValuesNode;
import org.verso.sql.exec.node.WorkingTableNode;
import org.verso.sql.exec.node.DeleteNode;
import org.verso.sql.plan.rel.VersoAggregate;
import org.verso.sql.plan.rel.VersoFilter;
import org.verso.sql.plan.rel.VersoHashJoin;
import org.verso.sql.plan.rel.VersoCorrelate;
import org.verso.sql.plan.rel.VersoWindow;
import org.verso.sql.plan.rel.VersoIntersect;
import org.verso.sql.plan.rel.VersoMinus;
import org.verso.sql.plan.rel.VersoIndexJoin;
import org.verso.sql.plan.rel.VersoIndexScan;
import org.verso.sql.plan.rel.VersoKeyLookup;
import org.verso.sql.plan.rel.VersoNestedLoopJoin;
import org.verso.sql.plan.rel.VersoProject;
import org.verso.sql.plan.rel.VersoRel;
import org.verso.sql.plan.rel.VersoRepeatUnion;
import org.verso.sql.plan.rel.VersoRelVisitor;
import org.verso.sql.plan.rel.VersoSort;
import org.verso.sql.plan.rel.VersoTableModify;
import org.verso.sql.plan.rel.VersoTableScan;
import org.verso.sql.plan.rel.VersoUnion;
import org.verso.sql.plan.rel.VersoSeriesScan;
import org.verso.sql.plan.rel.VersoValues;
import org.verso.sql.plan.rel.VersoWorkingTableScan;
import org.verso.sql.type.TypeMapping;
import org.verso.common.type.DataType;

/**
 * Turns an optimised tree of {@link VersoRel} nodes into executable {@link PlanNode}s, compiling every expression
 * once. Anything the executor cannot run is rejected here, at planning time, with 0A000.
 */
public final class PlanBuilder implements VersoRelVisitor<PlanNode> {
    private final RexBuilder rexBuilder;
    private final ExprCompiler compiler;
    private final Function<TableDefinition, TableConstraints> constraints;
    private Map<Integer, Integer> profiledSlots; // rel id -> slot, for EXPLAIN ANALYZE
    private InsertConflict conflict;

    /** A builder for plans that write tables without constraints beyond the tables' own. */
    public PlanBuilder(RexBuilder rexBuilder) {
        this(rexBuilder, table -> TableConstraints.NONE);
    }

    /** @param constraints the constraints a write to a table keeps (CHECK, UNIQUE, foreign keys) */
    public PlanBuilder(RexBuilder rexBuilder, Function<TableDefinition, TableConstraints> constraints) {
        this.rexBuilder = rexBuilder;
        this.compiler = new ExprCompiler(rexBuilder);
        this.constraints = constraints;
    }

    /**
     * Makes every operator built from now on measured for EXPLAIN ANALYZE ({@link ProfiledNode}); returns, by the id
     * of the {@link RelNode} each operator was built from, the operator's slot in the execution's profile.
     */
    public Map<Integer, Integer> profileOperators() {
        profiledSlots = new HashMap<>();
        return profiledSlots;
    }

    /** Makes the INSERT built from now on resolve conflicts as the statement's ON CONFLICT clause says. */
    public void onConflict(InsertConflict clause) {
        conflict = clause;
    }

    public PlanNode build(RelNode rel) {
        if (!(rel instanceof VersoRel versoRel)) {
            throw ErrorCode.INTERNAL_ERROR.exception("plan node outside the Verso convention: " + rel);
        }
        PlanNode operator = versoRel.accept(this);
        if (profiledSlots == null) {
            return operator;
        }
        int slot = profiledSlots.size();
        profiledSlots.put(rel.getId(), slot);
        return new ProfiledNode(operator, slot);
    }

    @Override
    public PlanNode visit(VersoTableScan rel) {
        return new TableScanNode(rel.definition().name());
    }

    @Override
    public PlanNode visit(VersoKeyLookup rel) {
        return keyLookup(rel.definition(), rel.keys());
    }

    /** The row of {@code table} whose primary key is {@code keys}, one value per key column in key order. */
    public PlanNode keyLookup(TableDefinition table, List<RexNode> keys) {
        return new KeyLookupNode(table.name(), compiler.compile(keys), columnTypes(table, table.primaryKey()));
    }

    /** The types of {@code table}'s columns at {@code columns}, in that order. */
    private static DataType[] columnTypes(TableDefinition table, int[] columns) {
        DataType[] types = new DataType[columns.length];
        for (int i = 0; i < columns.length; i++) {
            types[i] = table.column(columns[i]).type();
        }
        return types;
    }

    @Override
    public PlanNode visit(VersoIndexScan rel) {
        TableDefinition table = rel.definition();
        IndexDefinition index = rel.index();
        return new IndexScanNode(table.name(), index.name(), compiler.compile(rel.prefix()),
            columnTypes(table, index.columns()), bound(rel.low()), bound(rel.high()), rel.descending());
    }

    private IndexScanNode.Bound bound(VersoIndexScan.Bound bound) {
        return bound == null ? null : new IndexScanNode.Bound(compiler.compile(bound.value()), bound.inclusive());
    }

    @Override
    public PlanNode visit(VersoFilter rel) {
        return filter(build(rel.getInput()), rel.getCondition());
    }

    public PlanNode filter(PlanNode input, RexNode condition) {
        return new FilterNode(input, compiler.compile(condition));
    }

    @Override
    public PlanNode visit(VersoProject rel) {
        return project(build(rel.getInput()), rel.getProjects());
    }

    public PlanNode project(PlanNode input, List<RexNode> projects) {
        return new ProjectNode(input, compiler.compile(projects));
    }

    @Override
    public PlanNode visit(VersoSort rel) {
        return sort(build(rel.getInput()), rel.getCollation().getFieldCollations(), rel.offset, rel.fetch);
    }

    /** ORDER BY {@code fields} (none: only OFFSET and FETCH), then OFFSET and FETCH where given. */
    public PlanNode sort(PlanNode input, List<RelFieldCollation> fields, RexNode offset, RexNode fetch) {
        RowComparator order = fields.isEmpty() ? null : comparator(fields);
        return new SortNode(input, order, offset == null ? null : compiler.compile(offset),
            fetch == null ? null : compiler.compile(fetch));
    }

    @Override
    public PlanNode visit(VersoWindow rel) {
        int inputWidth = rel.getInput().getRowType().getFieldCount();
        Object[] constants = rel.constants.stream().map(ExprCompiler::literalValue).toArray();
        List<WindowNode.Window> windows = new ArrayList<>();
        int output = inputWidth + constants.length;
        for (Window.Group group : rel.groups) {
            List<WindowNode.Call> calls = new ArrayList<>();
            for (Window.RexWinAggCall call : group.aggCalls) {
                calls.add(windowCall(call, output++));
            }
            List<RelFieldCollation> order = group.orderKeys.getFieldCollations();
            windows.add(new WindowNode.Window(group.keys.toArray(), order.isEmpty() ? null : comparator(order),
                group.isRows, bound(group.lowerBound, group.isRows, inputWidth, constants),
                bound(group.upperBound, group.isRows, inputWidth, constants), calls));
        }
        return new WindowNode(build(rel.getInput()), output, constants, windows);
    }

    private static WindowNode.Call windowCall(Window.RexWinAggCall call, int output) {
        int[] arguments = call.getOperands().stream().mapToInt(o -> {
            if (!(o instanceof RexInputRef ref)) {
                throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the window function argument " + o);
            }
            return ref.getIndex();
        }).toArray();
        WindowNode.Call.Function function = switch (call.getOperator().getKind()) {
            case ROW_NUMBER -> WindowNode.Call.Function.ROW_NUMBER;
            case RANK -> WindowNode.Call.Function.RANK;
            case DENSE_RANK -> WindowNode.Call.Function.DENSE_RANK;
            case LAG -> WindowNode.Call.Function.LAG;
            case LEAD -> WindowNode.Call.Function.LEAD;
            case FIRST_VALUE -> WindowNode.Call.Function.FIRST_VALUE;
            case LAST_VALUE -> WindowNode.Call.Function.LAST_VALUE;
            case NTH_VALUE -> WindowNode.Call.Function.NTH_VALUE;
            case NTILE -> WindowNode.Call.Function.NTILE;
            case PERCENT_RANK -> WindowNode.Call.Function.PERCENT_RANK;
            case CUME_DIST -> WindowNode.Call.Function.CUME_DIST;
            case COUNT, SUM, SUM0, MIN, MAX, AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP, BIT_AND, BIT_OR, BIT_XOR,
                ANY_VALUE -> WindowNode.Call.Function.AGGREGATE;
            default -> throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the window function "
                + call.getOperator().getName());
        };
        if (call.distinct) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("DISTINCT in a window function");
        }
        AggregateFunction aggregate = null;
        if (function == WindowNode.Call.Function.AGGREGATE) {
            AggregateFunction.Kind kind = AggregateFunction.Kind.valueOf(call.getOperator().getKind().name());
            if (kind.name().startsWith("BIT_") && !SqlTypeUtil.isIntType(call.getType())) {
                throw ErrorCode.FEATURE_NOT_SUPPORTED.exception(call.getOperator().getName() + " of "
                    + call.getType().getFullTypeString());
            }
            aggregate = new AggregateFunction(kind, arguments.length == 0 ? -1 : arguments[0], false, -1,
                TypeMapping.toDataType(call.getType()), null);
        }
        return new WindowNode.Call(function, arguments, aggregate, output);
    }

    /** A frame bound; its offset is a literal or, in a window operator, one of its constants after the input. */
    private static WindowNode.Bound bound(RexWindowBound bound, boolean rows, int inputWidth, Object[] constants) {
        if (bound.isUnboundedPreceding()) {
            return new WindowNode.Bound(WindowNode.Bound.Kind.UNBOUNDED_PRECEDING, 0);
        }
        if (bound.isUnboundedFollowing()) {
            return new WindowNode.Bound(WindowNode.Bound.Kind.UNBOUNDED_FOLLOWING, 0);
        }
        if (bound.isCurrentRow()) {
            return new WindowNode.Bound(WindowNode.Bound.Kind.CURRENT_ROW, 0);
        }
        RexNode offsetNode = bound.getOffset();
        Object offsetValue = offsetNode instanceof RexLiteral literal ? ExprCompiler.literalValue(literal)
            : offsetNode instanceof RexInputRef ref && ref.getIndex() >= inputWidth
            ? constants[ref.getIndex() - inputWidth] : null;
        if (!rows || !(offsetValue instanceof Number number)) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("a RANGE frame with an offset (use ROWS)");
        }
        long offset = number.longValue();
        return new WindowNode.Bound(bound.isPreceding() ? WindowNode.Bound.Kind.PRECEDING
            : WindowNode.Bound.Kind.FOLLOWING, offset);
    }

    /** The order of {@code fields}, each NULL placement as given or its direction's default. */
    private static RowComparator comparator(List<RelFieldCollation> fields) {
        int[] index = new int[fields.size()];
        boolean[] descending = new boolean[fields.size()];
        boolean[] nullsFirst = new boolean[fields.size()];
        for (int i = 0; i < index.length; i++) {
            RelFieldCollation field = fields.get(i);
            index[i] = field.getFieldIndex();
            descending[i] = field.getDirection().isDescending();
            RelFieldCollation.NullDirection nulls = field.nullDirection == RelFieldCollation.NullDirection.UNSPECIFIED
                ? field.getDirection().defaultNullDirection()
                : field.nullDirection;
            nullsFirst[i] = nulls == RelFieldCollation.NullDirection.FIRST;
        }
        return new RowComparator(index, descending, nullsFirst);
    }

    @Override
    public PlanNode visit(VersoAggregate rel) {
        int[][] groupingSets = rel.getGroupType() == Aggregate.Group.SIMPLE ? null
            : rel.getGroupSets().stream().map(ImmutableBitSet::toArray).toArray(int[][]::new);
        return aggregate(build(rel.getInput()), rel.getGroupSet().toArray(), groupingSets, rel.getAggCallList());
    }

    /**
     * Groups by the input columns {@code groupKeys}, or by each of {@code groupingSets} (null for a plain GROUP BY);
     * the output is the keys, then each call's result.
     */
    public PlanNode aggregate(PlanNode input, int[] groupKeys, int[][] groupingSets, List<AggregateCall> calls) {
        AggregateFunction[] functions = new AggregateFunction[calls.size()];
        for (int i = 0; i < functions.length; i++) {
            functions[i] = aggregateFunction(calls.get(i));
        }
        return groupingSets == null ? new AggregateNode(input, groupKeys, functions)
            : new AggregateNode(input, groupKeys, groupingSets, functions);
    }

    private static AggregateFunction aggregateFunction(AggregateCall call) {
        SqlKind sqlKind = call.getAggregation().getKind();
        AggregateFunction.Kind kind = switch (sqlKind) {
            case COUNT -> AggregateFunction.Kind.COUNT;
            case SUM -> AggregateFunction.Kind.SUM;
            case SUM0 -> AggregateFunction.Kind.SUM0;
            case MIN -> AggregateFunction.Kind.MIN;
            case MAX -> AggregateFunction.Kind.MAX;
            case AVG -> AggregateFunction.Kind.AVG;
            case SINGLE_VALUE -> AggregateFunction.Kind.SINGLE_VALUE;
            case LITERAL_AGG -> AggregateFunction.Kind.LITERAL;
            case VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP, BIT_AND, BIT_OR, BIT_XOR, ANY_VALUE, MODE,
                PERCENTILE_CONT, PERCENTILE_DISC, GROUPING -> AggregateFunction.Kind.valueOf(sqlKind.name());
            case LISTAGG, STRING_AGG -> AggregateFunction.Kind.LISTAGG;
            default -> throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the aggregate function "
                + call.getAggregation().getName());
        };
        int arguments = call.getArgList().size();
        boolean multiple = kind == AggregateFunction.Kind.LISTAGG ? arguments > 2
            : kind != AggregateFunction.Kind.GROUPING && arguments > 1;
        boolean percentile = kind == AggregateFunction.Kind.PERCENTILE_CONT
            || kind == AggregateFunction.Kind.PERCENTILE_DISC;
        List<RelFieldCollation> order = call.collation.getFieldCollations();
        if (multiple || percentile && (arguments != 1 || order.size() != 1)) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the aggregate " + call);
        }
        if (kind.name().startsWith("BIT_") && !SqlTypeUtil.isIntType(call.getType())) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception(call.getAggregation().getName() + " of "
                + call.getType().getFullTypeString());
        }
        Object literal = kind == AggregateFunction.Kind.LITERAL
            ? ExprCompiler.literalValue((RexLiteral) call.rexList.get(0)) : null;
        return new AggregateFunction(kind, call.getArgList().stream().mapToInt(Integer::intValue).toArray(),
            call.isDistinct(), call.filterArg, order.isEmpty() ? null : comparator(order),
            percentile ? order.get(0).getFieldIndex() : -1, TypeMapping.toDataType(call.getType()), literal);
    }

    @Override
    public PlanNode visit(VersoValues rel) {
        List<Object[]> rows = new ArrayList<>();
        for (List<RexLiteral> tuple : rel.getTuples()) {
            Object[] row = new Object[tuple.size()];
            for (int i = 0; i < row.length; i++) {
                row[i] = ExprCompiler.literalValue(tuple.get(i));
            }
            rows.add(row);
        }
        return new ValuesNode(rows);
    }

    @Override
    public PlanNode visit(VersoUnion rel) {
        return new UnionNode(inputs(rel), rel.all);
    }

    @Override
    public PlanNode visit(VersoRepeatUnion rel) {
        return new RepeatUnionNode(build(rel.getSeedRel()), build(rel.getIterativeRel()), rel.all,
            rel.workingTableName());
    }

    @Override
    public PlanNode visit(VersoWorkingTableScan rel) {
        return new WorkingTableNode(rel.workingTableName());
    }

    @Override
    public PlanNode visit(VersoSeriesScan rel) {
        List<RexNode> args = ((RexCall) rel.getCall()).getOperands();
        RelDataType valueType = rel.getRowType().getFieldList().get(0).getType();
        // The next value and the bound tests are expressions over the row [value, step] and [value, stop].
        RexNode value = rexBuilder.makeInputRef(valueType, 0);
        RexNode bound = rexBuilder.makeInputRef(valueType, 1);
        Expr step;
        RexNode next;
        if (SqlTypeUtil.isDatetime(valueType)) {
            step = compiler.compileInterval(args.get(2));
            next = rexBuilder.makeCall(SqlStdOperatorTable.DATETIME_PLUS, value, args.get(2));
        } else {
            RexNode by = args.size() > 2 ? rexBuilder.makeCast(valueType, args.get(2))
                : rexBuilder.makeExactLiteral(BigDecimal.ONE, valueType);
            step = compiler.compile(by);
            next = rexBuilder.makeCall(SqlStdOperatorTable.PLUS, value, rexBuilder.makeInputRef(valueType, 1));
        }
        return new SeriesNode(compiler.compile(rexBuilder.makeCast(valueType, args.get(0))),
            compiler.compile(rexBuilder.makeCast(valueType, args.get(1))), step,
            compiler.compile(rexBuilder.makeCast(valueType, next)),
            compiler.compile(rexBuilder.makeCall(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, value, bound)),
            compiler.compile(rexBuilder.makeCall(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, value, bound)));
    }

    @Override
    public PlanNode visit(VersoIntersect rel) {
        return new SetOpNode(inputs(rel), true, rel.all);
    }

    @Override
    public PlanNode visit(VersoMinus rel) {
        return new SetOpNode(inputs(rel), false, rel.all);
    }

    private PlanNode[] inputs(RelNode rel) {
        PlanNode[] inputs = new PlanNode[rel.getInputs().size()];
        for (int i = 0; i < inputs.length; i++) {
            inputs[i] = build(rel.getInput(i));
        }
        return inputs;
    }

    @Override
    public PlanNode visit(VersoNestedLoopJoin rel) {
        return nestedLoopJoin(build(rel.getLeft()), build(rel.getRight()), rel.getCondition(), joinType(rel),
            rel.getLeft().getRowType().getFieldCount(), rel.getRight().getRowType().getFieldCount());
    }

    /** A join that tests {@code condition}, over the joined row, on every pair of rows. */
    public PlanNode nestedLoopJoin(PlanNode left, PlanNode right, RexNode condition, JoinType type, int leftWidth,
                                   int rightWidth) {
        return new NestedLoopJoinNode(left, right, compiler.compile(condition), type, leftWidth, rightWidth);
    }

    @Override
    public PlanNode visit(VersoHashJoin rel) {
        JoinInfo info = rel.analyzeCondition();
        return hashJoin(build(rel.getLeft()), build(rel.getRight()), info.leftKeys.toIntArray(),
            info.rightKeys.toIntArray(), info.getRemaining(rexBuilder), joinType(rel),
            rel.getRight().getRowType().getFieldCount());
    }

    /**
     * A join on {@code leftKeys[i] = rightKeys[i]} through a hash table of the right rows; {@code remaining} (over
     * the joined row; TRUE or null for none) is tested on each pair whose keys match.
     */
    public PlanNode hashJoin(PlanNode left, PlanNode right, int[] leftKeys, int[] rightKeys, RexNode remaining,
                             JoinType type, int rightWidth) {
        Expr remainder = remaining == null || remaining.isAlwaysTrue() ? null : compiler.compile(remaining);
        return new HashJoinNode(left, right, leftKeys, rightKeys, remainder, type, rightWidth);
    }

    @Override
    public PlanNode visit(VersoIndexJoin rel) {
        TableDefinition table = rel.definition();
        IndexDefinition index = rel.index();
        return new IndexJoinNode(build(rel.getInput()), table.name(), index.name(), compiler.compile(rel.keys()),
            columnTypes(table, index.columns()), compiler.compile(rel.condition()));
    }

    @Override
    public PlanNode visit(VersoCorrelate rel) {
        JoinType type = switch (rel.getJoinType()) {
            case INNER -> JoinType.INNER;
            case LEFT -> JoinType.LEFT;
            case SEMI -> JoinType.SEMI;
            case ANTI -> JoinType.ANTI;
            default -> throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("a correlated " + rel.getJoinType() + " join");
        };
        return new CorrelateNode(build(rel.getLeft()), build(rel.getRight()), rel.getCorrelationId().getId(), type,
            rel.getRight().getRowType().getFieldCount());
    }

    private static JoinType joinType(Join rel) {
        return switch (rel.getJoinType()) {
            case INNER -> JoinType.INNER;
            case LEFT -> JoinType.LEFT;
            case RIGHT -> JoinType.RIGHT;
            case FULL -> JoinType.FULL;
            case SEMI -> JoinType.SEMI;
            case ANTI -> JoinType.ANTI;
            default -> throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the join type " + rel.getJoinType());
        };
    }

    @Override
    public PlanNode visit(VersoTableModify rel) {
        TableDefinition table = rel.definition();
        return modify(table, rel.getOperation(), build(rel.getInput()), rel.getUpdateColumnList(),
            readCount(rel.getInput(), table.name()));
    }

    /**
     * INSERT, UPDATE or DELETE of {@code table} with the rows of {@code input} (for UPDATE, each old row and then
     * the values of {@code updateColumns}); {@code targetReads} is how often the input reads the table itself.
     */
    public PlanNode modify(TableDefinition table, TableModify.Operation operation, PlanNode input,
                           List<String> updateColumns, int targetReads) {
        TableConstraints kept = constraints.apply(table);
        DataType[] columnTypes = table.columns().stream().map(ColumnDefinition::type).toArray(DataType[]::new);
        switch (operation) {
            case INSERT:
                return new InsertNode(table.name(), input, targetReads > 0, columnTypes, kept, conflict);
            case UPDATE: {
                requireRowIdentity(input, "UPDATE");
                int[] updated = new int[updateColumns.size()];
                for (int i = 0; i < updated.length; i++) {
                    updated[i] = table.columnIndex(updateColumns.get(i));
                }
                return new UpdateNode(table.name(), input, updated, columnTypes, kept, targetReads == 1);
            }
            case DELETE:
                requireRowIdentity(input, "DELETE");
                return new DeleteNode(table.name(), input, table.columnCount(), kept, targetReads == 1);
            default:
                throw ErrorCode.FEATURE_NOT_SUPPORTED.exception(operation.toString());
        }
    }

    /** How many reads of table {@code name} (scans, key lookups, index scans) the plan under {@code rel} has. */
    static int readCount(RelNode rel, String name) {
        int count = 0;
        if (rel instanceof TableScan scan && VersoTableScan.definitionOf(scan.getTable()).name().equals(name)) {
            count++; // a full scan, a key lookup or an index scan
        }
        for (RelNode input : rel.getInputs()) {
            count += readCount(input, name);
        }
        return count;
    }

    private static void requireRowIdentity(PlanNode input, String statement) {
        if (!input.preservesRowId()) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception(statement + " whose WHERE clause needs a join or subquery");
        }
    }
}
