package org.verso.sql;

import java.util.List;
import java.util.function.BooleanSupplier;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.common.util.SlotSet;
import org.verso.core.tx.Transaction;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.api.ResultRows;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.RowSource;

/**
 * The rows of a running query, pulled from its operators one {@link #next} at a time. The first row is pulled when
 * the statement executes ({@link #prefetch}), so an error the plan meets before its first row (a division by zero
 * in a WHERE clause, a cancelled long aggregate) is reported by the execution itself, as clients expect.
 *
 * <p>It ends once: when the operators have no more rows, when it is closed, or when reading fails; then the session
 * ends the transaction the cursor owns (with autocommit) and the statement's cancel flag is finished.
 *
 * <p>Not thread safe: it belongs to its session's thread.
 */
final class QueryCursor implements ResultRows {
    private final Session session;
    private final List<ColumnMeta> columns;
    private final RowSource source;
    private final ExecContext ctx;
    private final Transaction ownTransaction;
    private final BooleanSupplier columnsChanged;
    private Object[] current;
    private Object[] prefetched;
    /** No more rows will come: exhausted, failed or closed. */
    private boolean ended;
    private boolean closed;
    /** Its position among the session's open cursors. */
    int slot = SlotSet.NONE;

    /**
     * {@code ownTransaction}: the read-only transaction the cursor ends (autocommit), or null;
     * {@code columnsChanged}: whether a DROP COLUMN overlapped the query (its rows are then not to be trusted).
     */
    QueryCursor(Session session, List<ColumnMeta> columns, RowSource source, ExecContext ctx,
                Transaction ownTransaction, BooleanSupplier columnsChanged) {
        this.session = session;
        this.columns = columns;
        this.source = source;
        this.ctx = ctx;
        this.ownTransaction = ownTransaction;
        this.columnsChanged = columnsChanged;
    }

    @Override
    public List<ColumnMeta> columns() {
        return columns;
    }

    /** Pulls the first row, so that an error before it fails the execution; the first {@link #next} returns it. */
    void prefetch() {
        if (pull()) {
            prefetched = current;
            current = null;
        }
    }

    @Override
    public boolean next() {
        current = null;
        if (prefetched != null) {
            current = prefetched;
            prefetched = null;
            return true;
        }
        return pull();
    }

    private boolean pull() {
        if (ended) {
            return false;
        }
        Object[] row;
        try {
            ctx.checkCancelled();
            row = source.next();
            if (columnsChanged.getAsBoolean()) { // the row (or the end) may come from rows of another shape
                throw ErrorCode.COLUMNS_CHANGED_MEANWHILE.exception();
            }
            if (row != null) {
                current = Session.canonicalRow(row, columns);
            }
        } catch (RuntimeException | Error e) {
            VersoException error = Session.statementError(e, columnsChanged);
            end();
            session.cursorFailed(this, error);
            throw error;
        }
        if (row == null) {
            complete();
            return false;
        }
        return true;
    }

    @Override
    public Object get(int index) {
        if (current == null) {
            throw new IllegalStateException("no current row");
        }
        return current[index];
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /** Ends the statement: with autocommit, its transaction commits (it is read-only). Idempotent. */
    @Override
    public void close() {
        current = null;
        prefetched = null;
        closed = true;
        if (!ended) {
            complete();
        }
    }

    /** The session's transaction ends under this cursor (commit, rollback, abort): stop without ending it. */
    void closeWithTransaction() {
        current = null;
        prefetched = null;
        closed = true;
        end();
    }

    Transaction ownTransaction() {
        return ownTransaction;
    }

    private void complete() {
        end();
        session.cursorEnded(this);
    }

    private void end() {
        ended = true;
        ctx.cancellation().finish();
    }
}
