package org.verso.sql.exec.node;

import org.verso.core.table.LockWait;
import org.verso.core.table.RowRecheck;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * {@code SELECT ... FOR UPDATE}: takes the transaction's write intent on the table row behind each input row before
 * returning it ({@link Table#lock}): first-updater-wins applies as for an UPDATE (40001 if the row changed after the
 * snapshot, a wait while another transaction writes it, or with NOWAIT 55P03 and with SKIP LOCKED the row left
 * out), and later writers of the row wait for this transaction. A row that no longer exists for the transaction is
 * skipped. At READ COMMITTED, a row that a transaction committed
 * after the statement's snapshot changed is evaluated again at its newest version, which is locked and returned if
 * it still qualifies and skipped if not (PostgreSQL's behaviour). Its input reads one table once, so it can always be
 * run again for one row.
 */
public final class ForUpdateNode implements PlanNode {
    private final PlanNode input;
    private final String table;
    private final LockWait wait;

    /**
     * @param input a plan whose rows are rows of {@code table} ({@link PlanNode#preservesRowId()})
     * @param wait  what to do about a row another transaction is writing: wait, fail (NOWAIT) or skip it
     */
    public ForUpdateNode(PlanNode input, String table, LockWait wait) {
        this.input = input;
        this.table = table;
        this.wait = wait;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Table target = ctx.table(table);
        RowSource source = input.open(ctx);
        boolean rechecks = ctx.transaction().control().followsConcurrentUpdates();
        return new RowSource() {
            @Override
            public Object[] next() {
                for (Object[] row = source.next(); row != null; row = source.next()) {
                    ctx.checkCancelled();
                    long rowId = source.rowId();
                    // At READ COMMITTED, the query's row computed again from the newest version it locked.
                    Object[][] rechecked = new Object[1][];
                    RowRecheck recheck = !rechecks ? null : newest -> {
                        rechecked[0] = input.open(ctx.recheck(table, rowId, newest)).next();
                        return rechecked[0];
                    };
                    if (target.lock(ctx.transaction(), rowId, recheck, wait)) {
                        return rechecked[0] != null ? rechecked[0] : row;
                    }
                }
                return null;
            }

            @Override
            public long rowId() {
                return source.rowId();
            }
        };
    }

    @Override
    public boolean preservesRowId() {
        return true;
    }
}
