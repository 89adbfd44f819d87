package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.plan.rule.ColumnComparison;

/**
 * How a statement on the direct path reaches one table's rows, as the planner would: a key lookup when the
 * condition fixes every primary-key column with a value known when the plan opens, with the rest of the condition
 * filtering above it; else a scan and a filter. Where an index could serve the condition or the order, it steps
 * aside ({@link RowBinder.NotDirect}) for the planner, which weighs the indexes.
 */
final class TableAccess {
    private TableAccess() {
    }

    /**
     * The rows of {@code table} that {@code condition} (over the table's row, or null) keeps.
     *
     * @param sortedColumn the table column the query is ordered by first, or -1
     */
    static <N> N rows(NamedTable table, RexNode condition, int sortedColumn, PlanShapes<N> shapes,
                      RexBuilder rexBuilder) {
        TableDefinition definition = table.definition();
        if (condition == null) {
            if (sortedColumn >= 0 && leadsAnIndex(definition, sortedColumn)) {
                throw RowBinder.notDirect();
            }
            return shapes.scan(table.table(), definition);
        }
        int[] key = definition.primaryKey();
        RexNode[] keyValues = new RexNode[key.length];
        List<RexNode> residual = new ArrayList<>();
        boolean indexable = sortedColumn >= 0 && leadsAnIndex(definition, sortedColumn);
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            ColumnComparison comparison = ColumnComparison.of(conjunct);
            // A key value of another type (id = 5000000000 for an INTEGER id) is the planner's to weigh.
            if (comparison != null && SqlTypeUtil.equalSansNullability(
                rexBuilder.getTypeFactory(), comparison.value().getType(),
                table.row().rowType().getFieldList().get(comparison.column()).getType())
                && comparison.bindsKey(key, keyValues)) {
                continue;
            }
            residual.add(conjunct);
            if (comparison != null && leadsAnIndex(definition, comparison.column())
                || conjunct.getKind() == SqlKind.OR && readsIndexLead(definition, conjunct)
                || comparesCastIndexLead(definition, conjunct)) {
                indexable = true; // a range, or key values listed (IN): the planner weighs the index
            }
        }
        boolean fullKey = key.length > 0;
        for (RexNode value : keyValues) {
            fullKey &= value != null;
        }
        if (fullKey) {
            N lookup = shapes.keyLookup(table.table(), definition, List.of(keyValues));
            return residual.isEmpty() ? lookup
                : shapes.filter(lookup, RexUtil.composeConjunction(rexBuilder, residual));
        }
        if (indexable || key.length > 0 && keyValues[0] != null) {
            throw RowBinder.notDirect(); // an index range or key prefix: the planner weighs it
        }
        return shapes.filter(shapes.scan(table.table(), definition), condition);
    }

    /**
     * Whether {@code conjunct} compares an index's first column cast to another type (an integer compared with a
     * DOUBLE): the planner may read that index's range.
     */
    private static boolean comparesCastIndexLead(TableDefinition table, RexNode conjunct) {
        if (!(conjunct instanceof RexCall call) || !SqlKind.COMPARISON.contains(call.getKind())) {
            return false;
        }
        for (RexNode operand : call.getOperands()) {
            if (operand.getKind() == SqlKind.CAST && ((RexCall) operand).getOperands().get(0) instanceof RexInputRef ref
                && leadsAnIndex(table, ref.getIndex())) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code condition} reads a column that is the first column of one of the table's indexes. */
    private static boolean readsIndexLead(TableDefinition table, RexNode condition) {
        for (int column : RelOptUtil.InputFinder.bits(condition)) {
            if (leadsAnIndex(table, column)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code column} is the first column of one of the table's indexes (its primary key's too). */
    static boolean leadsAnIndex(TableDefinition table, int column) {
        for (IndexDefinition index : table.indexes()) {
            if (index.columns().length > 0 && index.columns()[0] == column) {
                return true;
            }
        }
        return false;
    }
}
