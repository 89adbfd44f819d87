package org.verso.sql.prepare;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataHandlerProvider;
import org.apache.calcite.rel.metadata.ProxyingMetadataHandlerProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;

/**
 * Creates the planner clusters of statement compilation. Their metadata queries (row counts, costs, column
 * uniqueness) dispatch through reflection proxies instead of Calcite's default handlers, which it generates and
 * compiles with Janino at run time: Verso then needs no Java compiler in its driver jar, and a new JVM plans its
 * first statement without compiling handler classes first.
 */
final class Clusters {
    private static final MetadataHandlerProvider HANDLERS =
        new ProxyingMetadataHandlerProvider(DefaultRelMetadataProvider.INSTANCE);

    private Clusters() {
    }

    static RelOptCluster create(RelOptPlanner planner, RexBuilder rexBuilder) {
        RelOptCluster cluster = RelOptCluster.create(planner, rexBuilder);
        cluster.setMetadataQuerySupplier(() -> new RelMetadataQuery(HANDLERS));
        return cluster;
    }
}
