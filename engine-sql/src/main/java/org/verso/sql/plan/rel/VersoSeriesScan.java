package org.verso.sql.plan.rel;

import java.lang.reflect.Type;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rel.metadata.RelColumnMapping;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;

/**
 * {@code generate_series(...)} in FROM: its call's arguments are evaluated when the operator opens (they may read
 * parameters and, under LATERAL, the current outer row), and the series streams from there.
 */
public final class VersoSeriesScan extends TableFunctionScan implements VersoRel {
    public VersoSeriesScan(RelOptCluster cluster, RelTraitSet traits, RexNode call, RelDataType rowType) {
        super(cluster, traits, List.of(), call, null, rowType, Set.of());
    }

    @Override
    public TableFunctionScan copy(RelTraitSet traitSet, List<RelNode> inputs, RexNode call, Type elementType,
                                  RelDataType rowType, Set<RelColumnMapping> columnMappings) {
        return new VersoSeriesScan(getCluster(), traitSet, call, rowType);
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        return planner.getCostFactory().makeCost(100, 100, 0);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
