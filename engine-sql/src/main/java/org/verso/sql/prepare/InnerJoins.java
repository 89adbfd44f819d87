package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.ImmutableBitSet;
import org.verso.sql.plan.rule.KeyTypes;

/**
 * The plan of an inner join of a few tables on the direct path. Each table is read on its own ({@link TableAccess}),
 * filtered by the conjuncts that read it alone (those that read no table filter the first table), as the planner's
 * filter push-down leaves them, and simplified as that rule simplifies them. The tables are then joined left-deep:
 * the first table first, then each time the first remaining table, in FROM order, that an equality of two columns
 * connects to those joined so far, or else the next one, so that no join is a cross product that a later table
 * would have avoided. A join is a hash join on the equalities of a column of each side, where there are some and
 * every pair of their types match as keys ({@link KeyTypes}), with the other conjuncts tested on each pair whose
 * keys match; otherwise a nested-loop join on all of them. Each conjunct over several tables is tested at the first
 * join that sees all of its tables. A project puts the columns back in FROM order where the join order differs.
 *
 * <p>Which rows the planner's plan evaluates a join conjunct on depends on the operators and the join order it
 * picks by cost; and the conjuncts of an ON condition stay in its join there unless a WHERE clause moves them down.
 * So those conjuncts must be expressions whose evaluation cannot fail (comparisons, AND, OR, NOT, IS NULL and CASE of
 * columns, literals and parameters, exact numbers cast to approximate ones): an error such as a division by zero is
 * then raised by both plans or by neither. For the same reason a table that both an ON conjunct and a WHERE conjunct
 * that can fail filter is left to the planner, whose order of the two depends on its tree. A join equality on a
 * column that leads one of its table's indexes is the planner's to weigh against an index nested-loop join.
 */
final class InnerJoins {
    /** The calls whose evaluation cannot fail where their operands' cannot. */
    private static final Set<SqlKind> INFALLIBLE = EnumSet.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS,
        SqlKind.LESS_THAN, SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL,
        SqlKind.AND, SqlKind.OR, SqlKind.NOT, SqlKind.IS_NULL, SqlKind.IS_NOT_NULL, SqlKind.CASE);

    /** A conjunct over several tables, over the FROM row, and the tables it reads. */
    private record JoinConjunct(RexNode condition, ImmutableBitSet tables) {
    }

    private final FromClause from;
    private final List<NamedTable> tables;
    private final TableRow row;
    private final RexBuilder rexBuilder;
    /** The filter of each table, over its own row: the conjuncts that read it alone, in order. */
    private final List<List<RexNode>> filters = new ArrayList<>();
    /** The conjuncts over several tables not yet tested by a join. */
    private final List<JoinConjunct> joinConjuncts = new ArrayList<>();
    /** The tables filtered by a conjunct of an ON condition, and those filtered by a WHERE conjunct that can fail. */
    private final java.util.BitSet filteredByOn = new java.util.BitSet();
    private final java.util.BitSet filteredByFallibleWhere = new java.util.BitSet();

    private InnerJoins(FromClause from, RexBuilder rexBuilder) {
        this.from = from;
        this.tables = from.tables();
        this.row = from.row();
        this.rexBuilder = rexBuilder;
        for (int i = 0; i < tables.size(); i++) {
            filters.add(new ArrayList<>());
        }
    }

    /**
     * The join of the tables of {@code from} under the conjuncts of WHERE and of the ON conditions, each over the
     * FROM clause's row.
     *
     * @param on the ON conditions' conjuncts, the last join's first, as the planner pushes them down
     */
    static <N> N plan(FromClause from, List<RexNode> where, List<RexNode> on, PlanShapes<N> shapes,
                      RexBuilder rexBuilder) {
        InnerJoins joins = new InnerJoins(from, rexBuilder);
        if (where.stream().anyMatch(RexNode::isAlwaysFalse)) {
            if (!on.isEmpty()) {
                throw RowBinder.notDirect(); // the ON conditions' filters would still run
            }
            return joins.none(shapes);
        }
        where.forEach(conjunct -> joins.classify(conjunct, false));
        on.forEach(conjunct -> joins.classify(conjunct, true));
        if (joins.filteredByOn.intersects(joins.filteredByFallibleWhere)) {
            // The planner tests a table's ON conjuncts before or after its WHERE conjuncts depending on where the
            // ON condition's join sits, so which rows a failing conjunct meets is the planner's to decide.
            throw RowBinder.notDirect();
        }
        if (joins.tables.size() > FromClause.MAX_TABLES && !joins.joinConjuncts.isEmpty()) {
            throw RowBinder.notDirect(); // not a cross product: the planner orders it by its statistics
        }
        return joins.joinAll(shapes);
    }

    private void classify(RexNode conjunct, boolean fromOn) {
        ImmutableBitSet read = tablesRead(conjunct);
        if (read.cardinality() > 1 || fromOn) {
            if (!infallible(conjunct)) {
                throw RowBinder.notDirect();
            }
        }
        if (read.cardinality() <= 1) {
            int table = read.isEmpty() ? 0 : read.nth(0);
            filters.get(table).add(RexUtil.shift(conjunct, -row.tables().get(table).offset()));
            if (fromOn) {
                filteredByOn.set(table);
            } else if (!infallible(conjunct)) {
                filteredByFallibleWhere.set(table);
            }
            return;
        }
        if (conjunct.getKind() == SqlKind.EQUALS) {
            for (RexNode operand : ((RexCall) conjunct).getOperands()) {
                if (operand instanceof RexInputRef column && from.leadsAnIndex(column.getIndex())) {
                    throw RowBinder.notDirect(); // an index nested-loop join could serve it
                }
            }
        }
        joinConjuncts.add(new JoinConjunct(conjunct, read));
    }

    private ImmutableBitSet tablesRead(RexNode node) {
        ImmutableBitSet.Builder read = ImmutableBitSet.builder();
        for (int column : RelOptUtil.InputFinder.bits(node)) {
            read.set(row.tableOf(column));
        }
        return read.build();
    }

    private <N> N joinAll(PlanShapes<N> shapes) {
        List<N> inputs = new ArrayList<>();
        RexSimplify simplifier = Clusters.simplifier(rexBuilder);
        for (int i = 0; i < tables.size(); i++) {
            inputs.add(TableAccess.rows(tables.get(i), filter(filters.get(i), simplifier), -1, shapes, rexBuilder));
        }
        // Where each column of the FROM row is in the joined row so far; -1 until its table is joined.
        int[] position = new int[row.width()];
        Arrays.fill(position, -1);
        List<Integer> remaining = new ArrayList<>();
        for (int i = 1; i < tables.size(); i++) {
            remaining.add(i);
        }
        ImmutableBitSet joined = ImmutableBitSet.of(0);
        place(0, 0, position);
        N plan = inputs.get(0);
        int width = row.tables().get(0).width();
        boolean inOrder = true;
        while (!remaining.isEmpty()) {
            int next = next(remaining, joined);
            inOrder &= next == remaining.get(0);
            remaining.remove(Integer.valueOf(next));
            joined = joined.set(next);
            place(next, width, position);
            int rightWidth = row.tables().get(next).width();
            plan = join(plan, width, inputs.get(next), rightWidth, conjunctsWithin(joined, position), shapes);
            width += rightWidth;
        }
        if (inOrder) {
            return plan;
        }
        List<RexNode> fromOrder = new ArrayList<>();
        for (int column = 0; column < position.length; column++) {
            fromOrder.add(rexBuilder.makeInputRef(row.rowType().getFieldList().get(column).getType(),
                position[column]));
        }
        return shapes.project(plan, fromOrder, row.rowType());
    }

    /**
     * No row, under a WHERE clause that is never TRUE: the planner's plan reads no table; here the first table's rows
     * are all filtered out by the constant before any join, and no expression reads a column.
     */
    private <N> N none(PlanShapes<N> shapes) {
        N plan = TableAccess.rows(tables.get(0), rexBuilder.makeLiteral(false), -1, shapes, rexBuilder);
        int width = row.tables().get(0).width();
        for (int i = 1; i < tables.size(); i++) {
            int rightWidth = row.tables().get(i).width();
            plan = join(plan, width, TableAccess.rows(tables.get(i), null, -1, shapes, rexBuilder), rightWidth,
                List.of(), shapes);
            width += rightWidth;
        }
        return plan;
    }

    /**
     * A table's filter, simplified as the planner's push-down simplifies it (its TRUE is no filter); a filter that
     * is never TRUE the planner replaces with no rows, evaluating none of it, so the statement takes its path.
     */
    private static RexNode filter(List<RexNode> conjuncts, RexSimplify simplifier) {
        if (conjuncts.isEmpty()) {
            return null;
        }
        RexNode simplified = simplifier.simplifyFilterPredicates(conjuncts);
        if (simplified == null) {
            throw RowBinder.notDirect();
        }
        return simplified.isAlwaysTrue() ? null : simplified;
    }

    /** Gives the columns of table {@code table} their places in the joined row, from {@code start} on. */
    private void place(int table, int start, int[] position) {
        TableRow.Table placed = row.tables().get(table);
        for (int i = 0; i < placed.width(); i++) {
            position[placed.offset() + i] = start + i;
        }
    }

    /** The first of {@code remaining} that an equality of two columns connects to {@code joined}, or else the first. */
    private int next(List<Integer> remaining, ImmutableBitSet joined) {
        for (int candidate : remaining) {
            for (JoinConjunct conjunct : joinConjuncts) {
                if (conjunct.tables().get(candidate) && columnEquality(conjunct.condition()) != null
                    && joined.contains(conjunct.tables().clear(candidate))) {
                    return candidate;
                }
            }
        }
        return remaining.get(0);
    }

    /** The join conjuncts that read only tables of {@code joined} and none before, over the joined row. */
    private List<RexNode> conjunctsWithin(ImmutableBitSet joined, int[] position) {
        RexShuttle joinedRow = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(position[ref.getIndex()], ref.getType());
            }
        };
        List<RexNode> within = new ArrayList<>();
        for (JoinConjunct conjunct : new ArrayList<>(joinConjuncts)) {
            if (joined.contains(conjunct.tables())) {
                within.add(conjunct.condition().accept(joinedRow));
                joinConjuncts.remove(conjunct);
            }
        }
        return within;
    }

    /**
     * Joins {@code right} to {@code left}: a hash join on the conjuncts that equate a left and a right column, as the
     * planner's hash join reads its keys, where there are some and their types match as keys; else a nested-loop
     * join.
     */
    private <N> N join(N left, int leftWidth, N right, int rightWidth, List<RexNode> conjuncts,
                       PlanShapes<N> shapes) {
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        List<RexNode> remaining = new ArrayList<>();
        boolean hashable = true;
        for (RexNode conjunct : conjuncts) {
            RexInputRef[] columns = columnEquality(conjunct);
            if (columns != null && (columns[0].getIndex() < leftWidth) != (columns[1].getIndex() < leftWidth)) {
                RexInputRef leftColumn = columns[0].getIndex() < leftWidth ? columns[0] : columns[1];
                RexInputRef rightColumn = leftColumn == columns[0] ? columns[1] : columns[0];
                hashable &= KeyTypes.matchAsKeys(leftColumn.getType(), rightColumn.getType());
                leftKeys.add(leftColumn.getIndex());
                rightKeys.add(rightColumn.getIndex() - leftWidth);
            } else {
                remaining.add(conjunct);
            }
        }
        if (leftKeys.isEmpty() || !hashable) {
            return shapes.nestedLoopJoin(left, right, RexUtil.composeConjunction(rexBuilder, conjuncts), leftWidth,
                rightWidth);
        }
        return shapes.hashJoin(left, right, leftKeys.stream().mapToInt(Integer::intValue).toArray(),
            rightKeys.stream().mapToInt(Integer::intValue).toArray(),
            remaining.isEmpty() ? null : RexUtil.composeConjunction(rexBuilder, remaining), leftWidth, rightWidth);
    }

    /** The two columns of {@code column = column}, or null if the conjunct is not one. */
    private static RexInputRef[] columnEquality(RexNode conjunct) {
        if (conjunct.getKind() == SqlKind.EQUALS
            && ((RexCall) conjunct).getOperands().get(0) instanceof RexInputRef a
            && ((RexCall) conjunct).getOperands().get(1) instanceof RexInputRef b) {
            return new RexInputRef[] {a, b};
        }
        return null;
    }

    /**
     * Whether evaluating {@code node} cannot fail: comparisons, AND, OR, NOT, IS NULL and CASE of plain values, and
     * exact numbers cast to approximate types.
     */
    static boolean infallible(RexNode node) {
        if (node instanceof RexInputRef || node instanceof RexLiteral || node instanceof RexDynamicParam) {
            return true;
        }
        if (!(node instanceof RexCall call)) {
            return false;
        }
        // An exact number made approximate to be compared with one (RowBinder's coercion) cannot overflow either type.
        boolean toApproximate = call.getKind() == SqlKind.CAST
            && SqlTypeUtil.isExactNumeric(call.getOperands().get(0).getType())
            && SqlTypeUtil.isApproximateNumeric(call.getType());
        if (!INFALLIBLE.contains(call.getKind()) && !toApproximate) {
            return false;
        }
        for (RexNode operand : call.getOperands()) {
            if (!infallible(operand)) {
                return false;
            }
        }
        return true;
    }
}
