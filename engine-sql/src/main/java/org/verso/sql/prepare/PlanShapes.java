package org.verso.sql.prepare;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.util.ImmutableBitSet;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.exec.PlanBuilder;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.node.JoinType;
import org.verso.sql.exec.node.TableScanNode;
import org.verso.sql.exec.node.ValuesNode;
import org.verso.sql.plan.VersoConvention;
import org.verso.sql.plan.rel.VersoAggregate;
import org.verso.sql.plan.rel.VersoFilter;
import org.verso.sql.plan.rel.VersoHashJoin;
import org.verso.sql.plan.rel.VersoKeyLookup;
import org.verso.sql.plan.rel.VersoNestedLoopJoin;
import org.verso.sql.plan.rel.VersoProject;
import org.verso.sql.plan.rel.VersoSort;
import org.verso.sql.plan.rel.VersoTableModify;
import org.verso.sql.plan.rel.VersoTableScan;
import org.verso.sql.plan.rel.VersoValues;

/**
 * What {@link DirectPlanner} builds its plans of: executable operators ({@link Operators}), the plan a statement
 * runs, which needs no planner objects at all; or Verso's physical relational nodes ({@link Relations}), the same
 * plan as EXPLAIN, EXPLAIN ANALYZE and FOR UPDATE take it. One planning decision serves both.
 *
 * @param <N> a plan node
 */
interface PlanShapes<N> {
    /** Every row of {@code table}. */
    N scan(RelOptTable table, TableDefinition definition);

    /** The row of {@code table} whose primary key is {@code keys}. */
    N keyLookup(RelOptTable table, TableDefinition definition, List<RexNode> keys);

    N filter(N input, RexNode condition);

    N project(N input, List<RexNode> projects, RelDataType rowType);

    /** Groups by the first {@code groupCount} input columns and computes {@code calls}. */
    N aggregate(N input, int groupCount, List<AggregateCall> calls);

    N sort(N input, List<RelFieldCollation> collations, RexNode offset, RexNode fetch);

    /**
     * The inner join of {@code left} and {@code right}, {@code leftWidth} and {@code rightWidth} columns wide, on
     * {@code leftKeys[i] = rightKeys[i]}, by hashing: the right rows are held in a hash table that each left row
     * probes, and a NULL key matches nothing. {@code remaining}, over the joined row (left columns, then right
     * ones), is tested on each pair whose keys match; null for none.
     */
    N hashJoin(N left, N right, int[] leftKeys, int[] rightKeys, RexNode remaining, int leftWidth, int rightWidth);

    /** The inner join of {@code left} and {@code right} that tests {@code condition} on every pair of rows. */
    N nestedLoopJoin(N left, N right, RexNode condition, int leftWidth, int rightWidth);

    /** One row of no columns: what a one-row VALUES projects its values from. */
    N oneRow();

    /**
     * INSERT, UPDATE or DELETE of {@code table} with the rows of {@code input}; {@code targetReads} is how often
     * the input reads the table itself.
     */
    N modify(RelOptTable table, TableDefinition definition, TableModify.Operation operation, N input,
             List<String> updateColumns, List<RexNode> values, int targetReads);

    /** Executable operators, compiled by a {@link PlanBuilder} (which keeps the tables' constraints). */
    record Operators(PlanBuilder builder) implements PlanShapes<PlanNode> {
        @Override
        public PlanNode scan(RelOptTable table, TableDefinition definition) {
            return new TableScanNode(definition.name());
        }

        @Override
        public PlanNode keyLookup(RelOptTable table, TableDefinition definition, List<RexNode> keys) {
            return builder.keyLookup(definition, keys);
        }

        @Override
        public PlanNode filter(PlanNode input, RexNode condition) {
            return builder.filter(input, condition);
        }

        @Override
        public PlanNode project(PlanNode input, List<RexNode> projects, RelDataType rowType) {
            return builder.project(input, projects);
        }

        @Override
        public PlanNode aggregate(PlanNode input, int groupCount, List<AggregateCall> calls) {
            return builder.aggregate(input, ImmutableBitSet.range(groupCount).toArray(), null, calls);
        }

        @Override
        public PlanNode sort(PlanNode input, List<RelFieldCollation> collations, RexNode offset, RexNode fetch) {
            return builder.sort(input, collations, offset, fetch);
        }

        @Override
        public PlanNode hashJoin(PlanNode left, PlanNode right, int[] leftKeys, int[] rightKeys, RexNode remaining,
                                 int leftWidth, int rightWidth) {
            return builder.hashJoin(left, right, leftKeys, rightKeys, remaining, JoinType.INNER, rightWidth);
        }

        @Override
        public PlanNode nestedLoopJoin(PlanNode left, PlanNode right, RexNode condition, int leftWidth,
                                       int rightWidth) {
            return builder.nestedLoopJoin(left, right, condition, JoinType.INNER, leftWidth, rightWidth);
        }

        @Override
        public PlanNode oneRow() {
            return new ValuesNode(List.<Object[]>of(new Object[0]));
        }

        @Override
        public PlanNode modify(RelOptTable table, TableDefinition definition, TableModify.Operation operation,
                               PlanNode input, List<String> updateColumns, List<RexNode> values, int targetReads) {
            return builder.modify(definition, operation, input, updateColumns, targetReads);
        }
    }

    /** Verso's physical relational nodes, in a cluster of their own that plans nothing. */
    final class Relations implements PlanShapes<RelNode> {
        private static final HepProgram NO_RULES = HepProgram.builder().build();

        private final Prepare.CatalogReader catalogReader;
        private final RelOptCluster cluster;
        private final RelTraitSet traits;

        Relations(RexBuilder rexBuilder, Prepare.CatalogReader catalogReader) {
            this.catalogReader = catalogReader;
            HepPlanner planner = new HepPlanner(NO_RULES);
            planner.addRelTraitDef(ConventionTraitDef.INSTANCE);
            this.cluster = Clusters.create(planner, rexBuilder);
            this.traits = cluster.traitSetOf(VersoConvention.INSTANCE);
        }

        @Override
        public RelNode scan(RelOptTable table, TableDefinition definition) {
            return new VersoTableScan(cluster, traits, table);
        }

        @Override
        public RelNode keyLookup(RelOptTable table, TableDefinition definition, List<RexNode> keys) {
            return new VersoKeyLookup(cluster, traits, table, keys);
        }

        @Override
        public RelNode filter(RelNode input, RexNode condition) {
            return new VersoFilter(cluster, traits, input, condition);
        }

        @Override
        public RelNode project(RelNode input, List<RexNode> projects, RelDataType rowType) {
            return new VersoProject(cluster, traits, input, projects, rowType);
        }

        @Override
        public RelNode aggregate(RelNode input, int groupCount, List<AggregateCall> calls) {
            return new VersoAggregate(cluster, traits, input, ImmutableBitSet.range(groupCount), calls);
        }

        @Override
        public RelNode sort(RelNode input, List<RelFieldCollation> collations, RexNode offset, RexNode fetch) {
            return new VersoSort(cluster, traits, input, RelCollations.of(collations), offset, fetch);
        }

        /** A hash join whose condition states its keys, as {@link PlanBuilder} reads them back from it. */
        @Override
        public RelNode hashJoin(RelNode left, RelNode right, int[] leftKeys, int[] rightKeys, RexNode remaining,
                                int leftWidth, int rightWidth) {
            RexBuilder rexBuilder = cluster.getRexBuilder();
            List<RexNode> conjuncts = new ArrayList<>();
            for (int i = 0; i < leftKeys.length; i++) {
                RelDataType rightType = right.getRowType().getFieldList().get(rightKeys[i]).getType();
                conjuncts.add(rexBuilder.makeCall(SqlStdOperatorTable.EQUALS,
                    rexBuilder.makeInputRef(left, leftKeys[i]), new RexInputRef(leftWidth + rightKeys[i], rightType)));
            }
            if (remaining != null) {
                conjuncts.add(remaining);
            }
            return new VersoHashJoin(cluster, traits, left, right, RexUtil.composeConjunction(rexBuilder, conjuncts),
                JoinRelType.INNER);
        }

        @Override
        public RelNode nestedLoopJoin(RelNode left, RelNode right, RexNode condition, int leftWidth,
                                      int rightWidth) {
            return new VersoNestedLoopJoin(cluster, traits, left, right, condition, JoinRelType.INNER);
        }

        @Override
        public RelNode oneRow() {
            return new VersoValues(cluster, cluster.getTypeFactory().builder().build(),
                ImmutableList.of(ImmutableList.<RexLiteral>of()), traits);
        }

        @Override
        public RelNode modify(RelOptTable table, TableDefinition definition, TableModify.Operation operation,
                              RelNode input, List<String> updateColumns, List<RexNode> values, int targetReads) {
            return new VersoTableModify(cluster, traits, table, catalogReader, input, operation, updateColumns, values,
                false);
        }
    }
}
