package org.verso.sql.exec.node;

import java.util.List;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * TRUNCATE of several tables: their DELETE plans run in turn (referencing tables before the tables they
 * reference), and the identity sequences that RESTART IDENTITY names are restarted when the transaction commits,
 * not before: a rollback brings the rows back and leaves the sequences where they were. Returns one row holding
 * the number of rows deleted from all the tables.
 */
public final class TruncateNode implements PlanNode {
    private final List<PlanNode> deletes;
    private final List<String> identitySequences;

    /**
     * @param deletes           the DELETE plan of each table, in the order they run
     * @param identitySequences the catalog keys of the sequences to restart at commit (empty for CONTINUE IDENTITY)
     */
    public TruncateNode(List<PlanNode> deletes, List<String> identitySequences) {
        this.deletes = List.copyOf(deletes);
        this.identitySequences = List.copyOf(identitySequences);
    }

    @Override
    public RowSource open(ExecContext ctx) {
        long deleted = 0;
        for (PlanNode delete : deletes) {
            deleted += ((Number) delete.open(ctx).next()[0]).longValue();
        }
        for (String sequence : identitySequences) {
            // A sequence dropped with its table before the commit has nothing left to restart.
            ctx.atCommit(database -> database.catalog().sequence(sequence)
                .ifPresent(definition -> database.restartSequence(sequence, definition.start())));
        }
        return new TableScanNode.SingleRow(new Object[] {deleted}, -1);
    }
}
