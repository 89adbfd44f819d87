package org.verso.sql.prepare;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataHandlerProvider;
import org.apache.calcite.rel.metadata.ProxyingMetadataHandlerProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexSimplify;

/**
 * Creates the planner clusters of statement compilation. Their metadata queries (row counts, costs, column
 * uniqueness) dispatch through reflection proxies instead of Calcite's default handlers, which it generates and
 * compiles with Janino at run time: Verso then needs no Java compiler in its driver jar, and a new JVM plans its
 * first statement without compiling handler classes first.
 *
 * <p>Their planner's expression executor reduces nothing. Calcite's own one compiles constant expressions with
 * Janino, which Verso does not ship, whenever a rewrite simplifies a condition that holds a constant CAST; and
 * reducing {@code CAST('toolong' AS VARCHAR(5))} to {@code 'toolo'} would hide the 22001 that assigning it must
 * raise. Verso's operators evaluate such expressions when the statement runs.
 */
final class Clusters {
    private static final MetadataHandlerProvider HANDLERS =
        new CachingMetadataHandlers(new ProxyingMetadataHandlerProvider(DefaultRelMetadataProvider.INSTANCE));

    /** Hands every expression back as it is. */
    private static final RexExecutor UNREDUCED = (rexBuilder, constExps, reducedValues) ->
        reducedValues.addAll(constExps);

    private Clusters() {
    }

    /**
     * Simplifies expressions as the planner's rules do when they build relational nodes (Calcite's
     * {@code RelBuilder}): with no predicates known, and nothing reduced.
     */
    static RexSimplify simplifier(RexBuilder rexBuilder) {
        return new RexSimplify(rexBuilder, RelOptPredicateList.EMPTY, UNREDUCED);
    }

    static RelOptCluster create(RelOptPlanner planner, RexBuilder rexBuilder) {
        planner.setExecutor(UNREDUCED);
        RelOptCluster cluster = RelOptCluster.create(planner, rexBuilder);
        cluster.setMetadataQuerySupplier(() -> new RelMetadataQuery(HANDLERS));
        return cluster;
    }
}
