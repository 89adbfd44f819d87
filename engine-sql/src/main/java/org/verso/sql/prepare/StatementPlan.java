package org.verso.sql.prepare;

import java.util.List;
import org.verso.sql.api.ColumnMeta;

/**
 * A statement's plan, by whichever path it was planned, with its parameters and its result columns (none for a
 * change).
 *
 * @param <N> the plan's nodes: executable operators or physical relational nodes
 */
record StatementPlan<N>(N plan, List<ColumnMeta> parameters, List<ColumnMeta> columns, boolean query) {
}
