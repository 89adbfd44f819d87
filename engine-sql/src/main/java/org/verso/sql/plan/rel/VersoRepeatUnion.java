package org.verso.sql.plan.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.RepeatUnion;

/**
 * WITH RECURSIVE: the seed's rows, then the iterative part's again and again, each step reading the rows of the step
 * before through the working table ({@link VersoWorkingTableScan}), until a step produces no row (UNION also drops
 * the rows produced before).
 */
public final class VersoRepeatUnion extends RepeatUnion implements VersoRel {
    public VersoRepeatUnion(RelOptCluster cluster, RelTraitSet traits, RelNode seed, RelNode iterative, boolean all,
                            int iterationLimit, RelOptTable workingTable) {
        super(cluster, traits, seed, iterative, all, iterationLimit, workingTable);
    }

    /** The name the steps' rows go by in the execution context. */
    public String workingTableName() {
        return String.join(".", getTransientTable().getQualifiedName());
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VersoRepeatUnion(getCluster(), traitSet, inputs.get(0), inputs.get(1), all, iterationLimit,
            getTransientTable());
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
