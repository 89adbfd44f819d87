package org.verso.sql.plan.rule;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.verso.core.catalog.IndexDefinition;
import org.verso.sql.plan.rel.VersoFilter;
import org.verso.sql.plan.rel.VersoIndexScan;
import org.verso.sql.plan.rel.VersoProject;
import org.verso.sql.plan.rel.VersoSort;

/**
 * Drops a sort whose order the index range scan beneath it already gives: Sort(Project?(Filter(IndexScan))) becomes
 * Limit(Project?(Filter(IndexScan))), the scan read forward or backward. The sort keys, after those the scan's equal
 * prefix fixes, must be the index's next key columns in order, all in the index's direction or all against it, each
 * with the NULL placement of its direction (ASC NULLS LAST, DESC NULLS FIRST, which is where the key encoding puts
 * NULLs). So {@code ORDER BY o_id DESC LIMIT 1} on an index (w, d, c, o_id) with w, d and c fixed reads one entry.
 */
public final class IndexOrderRule extends RelOptRule {
    /** Sort(Project(Filter(IndexScan))). */
    public static final IndexOrderRule PROJECTED = new IndexOrderRule(true);
    /** Sort(Filter(IndexScan)). */
    public static final IndexOrderRule DIRECT = new IndexOrderRule(false);

    private final boolean projected;

    @SuppressWarnings("deprecation")
    private IndexOrderRule(boolean projected) {
        super(projected
            ? operand(VersoSort.class, operand(VersoProject.class,
                operand(VersoFilter.class, operand(VersoIndexScan.class, none()))))
            : operand(VersoSort.class, operand(VersoFilter.class, operand(VersoIndexScan.class, none()))),
            projected ? "IndexOrderRule:Projected" : "IndexOrderRule");
        this.projected = projected;
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        VersoSort sort = call.rel(0);
        if (sort.getCollation().getFieldCollations().isEmpty()) {
            return;
        }
        VersoProject project = projected ? call.rel(1) : null;
        VersoFilter filter = call.rel(projected ? 2 : 1);
        VersoIndexScan scan = call.rel(projected ? 3 : 2);
        Boolean reverse = direction(sort.getCollation().getFieldCollations(), project, scan);
        if (reverse == null) {
            return;
        }
        RelNode ordered = filter.copy(filter.getTraitSet(), List.of(scan.inDirection(reverse)));
        if (project != null) {
            ordered = project.copy(project.getTraitSet(), List.of(ordered));
        }
        RelNode result = sort.offset == null && sort.fetch == null ? ordered
            : new VersoSort(sort.getCluster(), sort.getTraitSet(), ordered, RelCollations.EMPTY, sort.offset,
                sort.fetch);
        call.transformTo(result);
        // Reading in index order is never worse than sorting what the same scan reads.
        call.getPlanner().prune(sort);
    }

    /**
     * Whether the scan must read backward (TRUE) or forward (FALSE) to give the sort's order; null if neither does.
     */
    private static Boolean direction(List<RelFieldCollation> keys, VersoProject project, VersoIndexScan scan) {
        IndexDefinition index = scan.index();
        int[] columns = index.columns();
        int fixed = scan.prefix().size();
        Set<Integer> fixedColumns = new HashSet<>();
        for (int i = 0; i < fixed; i++) {
            fixedColumns.add(columns[i]);
        }
        List<RelFieldCollation> remaining = new ArrayList<>();
        for (RelFieldCollation key : keys) {
            int column = tableColumn(key.getFieldIndex(), project);
            if (column < 0) {
                return null;
            }
            if (key.nullDirection != key.direction.defaultNullDirection()) {
                return null;
            }
            if (!fixedColumns.contains(column)) {
                remaining.add(key.withFieldIndex(column));
            }
        }
        if (remaining.isEmpty() || fixed + remaining.size() > columns.length) {
            return remaining.isEmpty() ? Boolean.FALSE : null;
        }
        Boolean reverse = null;
        for (int i = 0; i < remaining.size(); i++) {
            RelFieldCollation key = remaining.get(i);
            if (key.getFieldIndex() != columns[fixed + i]) {
                return null;
            }
            boolean descendingKey = key.direction == RelFieldCollation.Direction.DESCENDING;
            boolean against = descendingKey != index.isDescending(fixed + i);
            if (reverse != null && reverse != against) {
                return null;
            }
            reverse = against;
        }
        return reverse;
    }

    /** The table column a sort key reads, through the project if there is one; -1 if it is computed. */
    private static int tableColumn(int field, VersoProject project) {
        if (project == null) {
            return field;
        }
        RexNode expression = project.getProjects().get(field);
        return expression instanceof RexInputRef ref ? ref.getIndex() : -1;
    }
}
