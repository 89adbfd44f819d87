package org.verso.sql.plan.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;

/**
 * Index nested-loop join: for each row of the input (the left side), the rows of {@code table} whose key in
 * {@code index} starts with {@code keys}, evaluated on that row (input columns, literals, parameters). The joined row
 * is the input row followed by the table row; {@code condition}, the join's whole condition and any filter of the
 * table, is tested on it, so the keys only narrow what is read. Inner joins only.
 */
public final class VersoIndexJoin extends SingleRel implements VersoRel {
    /** The share of a table's rows one equal key column is assumed to keep, as for the index range scan. */
    private static final double EQUAL_SELECTIVITY = 0.1;

    private final RelOptTable table;
    private final IndexDefinition index;
    private final List<RexNode> keys;
    private final RexNode condition;
    private final RelDataType joinedType;

    public VersoIndexJoin(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelOptTable table,
                          IndexDefinition index, List<RexNode> keys, RexNode condition, RelDataType joinedType) {
        super(cluster, traits, input);
        this.table = table;
        this.index = index;
        this.keys = List.copyOf(keys);
        this.condition = condition;
        this.joinedType = joinedType;
    }

    @Override
    public RelOptTable getTable() {
        return table;
    }

    public TableDefinition definition() {
        return VersoTableScan.definitionOf(table);
    }

    public IndexDefinition index() {
        return index;
    }

    /** One value per leading key column of the index, over the input row. */
    public List<RexNode> keys() {
        return keys;
    }

    /** Over the joined row: the input's columns, then the table's. */
    public RexNode condition() {
        return condition;
    }

    @Override
    protected RelDataType deriveRowType() {
        return joinedType;
    }

    /** Rows of the table one probe reads. */
    private double rowsPerProbe() {
        if (index.unique() && keys.size() == index.columns().length) {
            return 1;
        }
        return Math.max(1, table.getRowCount() * Math.pow(EQUAL_SELECTIVITY, keys.size()));
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return mq.getRowCount(getInput()) * rowsPerProbe();
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double rows = mq.getRowCount(getInput()) * (1 + rowsPerProbe());
        return planner.getCostFactory().makeCost(rows, rows, rows);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("table", table.getQualifiedName()).item("index", index.name())
            .item("keys", keys).item("condition", condition);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VersoIndexJoin(getCluster(), traitSet, sole(inputs), table, index, keys, condition, joinedType);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
