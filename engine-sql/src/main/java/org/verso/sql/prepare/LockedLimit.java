package org.verso.sql.prepare;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sort;
import org.verso.sql.plan.rel.VersoProject;
import org.verso.sql.plan.rel.VersoSort;

/**
 * The LIMIT and OFFSET of a query FOR UPDATE, taken out of its plan so that they go above the lock: the sort (or the
 * limit alone) that carries them, reached from the plan's root through projections only; a limit under anything
 * else (a filter over a limited subquery) stays where it is, since moving it would change the query's rows.
 */
final class LockedLimit {
    private LockedLimit() {
    }

    /** The sort that carries the query's LIMIT or OFFSET, or null. */
    static Sort of(RelNode physical) {
        RelNode rel = physical;
        while (rel instanceof VersoProject) {
            rel = rel.getInput(0);
        }
        return rel instanceof VersoSort sort && (sort.fetch != null || sort.offset != null) ? sort : null;
    }

    /** The plan with that sort's LIMIT and OFFSET removed (its order stays). */
    static RelNode without(RelNode physical) {
        if (physical instanceof VersoProject project) {
            return project.copy(project.getTraitSet(), List.of(without(project.getInput())));
        }
        Sort sort = (Sort) physical;
        return sort.copy(sort.getTraitSet(), sort.getInput(), sort.getCollation(), null, null);
    }
}
