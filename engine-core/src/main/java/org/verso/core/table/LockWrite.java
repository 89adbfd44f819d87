package org.verso.core.table;

import org.verso.core.tx.WriteRecord;
import org.verso.storage.heap.TableHeap;

/**
 * A write intent a transaction took on a row (SELECT ... FOR UPDATE): it ends with the transaction, and leaves no
 * version behind unless the transaction wrote the row after taking it.
 */
final class LockWrite implements WriteRecord {
    private final TableHeap heap;
    private final long rowId;
    private final long lock;

    LockWrite(TableHeap heap, long rowId, long lock) {
        this.heap = heap;
        this.rowId = rowId;
        this.lock = lock;
    }

    @Override
    public void commit(long commitTs) {
        heap.releaseLock(rowId, lock, commitTs);
    }

    @Override
    public void undo(long txid, boolean transactionEnds) {
        heap.releaseLock(rowId, lock, -1);
    }
}
