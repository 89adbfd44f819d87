package org.verso.core.tx.ssi;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.core.tx.ConcurrencyControl;
import org.verso.core.tx.SnapshotIsolation;
import org.verso.core.tx.Transaction;
import org.verso.core.tx.TransactionManager;
import org.verso.storage.heap.WriteDecider;
import org.verso.storage.index.KeyRange;
import org.verso.storage.version.VersionWord;

/**
 * Serializable Snapshot Isolation (Cahill, Röhm and Fekete, SIGMOD 2008), with the refinements PostgreSQL's
 * implementation proved (Ports and Grittner, VLDB 2012). Writes follow snapshot isolation's first-updater-wins
 * ({@link SnapshotIsolation}); on top of it every rw-conflict between two overlapping serializable transactions is
 * recorded, and a transaction that would complete a dangerous structure fails with 40001.
 *
 * <p>Operations by purpose:
 * <ul>
 *   <li>reads: {@link #onTableScan}, {@link #onIndexScan} and {@link #onRowRead} take SIREAD locks
 *       ({@link SireadLockTable}); a row read whose newest version is invisible to the reader records reader ->
 *       writer (Cahill's Figure 6);</li>
 *   <li>writes: {@link #onWrite} and {@link #onIndexInsert} record holder -> writer for every overlapping SIREAD
 *       holder of the row, its table, or an index range containing the new key (Figure 7; the range locks are what
 *       catch phantoms);</li>
 *   <li>commit: {@link #beforeCommit} checks the structures the committing transaction takes part in and fixes its
 *       place in the commit order (Figure 8); {@link #onCommitTimestamp} lets readers find the writer of a version;
 *       {@link #onEnd} releases an aborted transaction at once and keeps a committed one until no transaction that
 *       overlapped it is running.</li>
 * </ul>
 *
 * <p>Dangerous structure: T_in -rw-> T_pivot -rw-> T_out, where T_out commits before T_pivot and T_in (PostgreSQL's
 * refinement: Cahill's two flags abort whenever a pivot has both edges; keeping the transactions on each edge lets
 * the commit order rule out false positives). T_in may be T_out (write skew). The victim is the pivot if it is still
 * running, otherwise T_in; a victim other than the calling transaction is doomed and fails at its next step.
 *
 * <p>Differences from the papers: no read-only optimisations yet (a read-only transaction is treated like any
 * other); the granularities are row, index key range and table (no page locks); SIREAD locks of a read-only
 * transaction are kept like any other's.
 *
 * <p>Lock order: the conflict graph's monitor is taken after any storage or table lock a caller holds and guards
 * the sxacts' conflict sets and commit order; the lock table has its own fine-grained synchronisation and never
 * waits on the graph.
 */
public final class SerializableSnapshotIsolation implements ConcurrencyControl {
    private final TransactionManager manager;
    private final SireadLockTable locks = new SireadLockTable();
    private final Object graph = new Object();
    // Every sxact not yet forgotten, by txid and by commit timestamp, so a version's writer can be found.
    private final Map<Long, SerializableTransaction> byTxid = new ConcurrentHashMap<>();
    private final Map<Long, SerializableTransaction> byCommitTs = new ConcurrentHashMap<>();
    private final ArrayDeque<SerializableTransaction> retained = new ArrayDeque<>();
    private long commitOrder;

    public SerializableSnapshotIsolation(TransactionManager manager) {
        this.manager = manager;
    }

    private SerializableTransaction state(Transaction tx) {
        Object state = tx.controlState();
        if (state == null) {
            SerializableTransaction sx = new SerializableTransaction(tx.id(), tx.snapshot().timestamp());
            byTxid.put(sx.txid, sx);
            tx.setControlState(sx);
            return sx;
        }
        SerializableTransaction sx = (SerializableTransaction) state;
        if (sx.doomed) {
            throw fail(tx, "it was chosen to fail by a concurrent transaction that completed a dangerous structure");
        }
        return sx;
    }

    private VersoException fail(Transaction tx, String why) {
        return manager.abort(tx, TransactionManager.AbortCause.SERIALIZATION,
            ErrorCode.SERIALIZATION_FAILURE.exception(tx.id(), why));
    }

    @Override
    public WriteDecider updateDecider(Transaction tx) {
        return SnapshotIsolation.INSTANCE.updateDecider(tx);
    }

    @Override
    public boolean tracksReads() {
        return true;
    }

    @Override
    public void onTableScan(Transaction tx, long tableId) {
        locks.lockTable(state(tx), tableId);
    }

    @Override
    public void onIndexScan(Transaction tx, long tableId, long indexId, KeyRange range) {
        locks.lockRange(state(tx), tableId, indexId, range);
    }

    @Override
    public void onRowRead(Transaction tx, long tableId, long rowId, LongSupplier newestWord) {
        SerializableTransaction reader = state(tx);
        if (!locks.holdsTable(reader, tableId)) {
            locks.lockRow(reader, tableId, rowId);
        }
        long word = newestWord.getAsLong();
        if (word == VersionWord.NONE || VersionWord.isVisible(word, tx.snapshot())) {
            return;
        }
        SerializableTransaction writer = VersionWord.isCommitted(word)
            ? byCommitTs.get(VersionWord.timestamp(word)) : byTxid.get(VersionWord.timestamp(word));
        if (writer != null && writer != reader) {
            conflict(tx, reader, writer);
        }
    }

    @Override
    public void onWrite(Transaction tx, long tableId, long rowId) {
        SerializableTransaction writer = state(tx);
        List<SerializableTransaction> readers = new ArrayList<>();
        locks.holdersOfRow(tableId, rowId, readers::add);
        conflictsWithReaders(tx, writer, readers);
    }

    @Override
    public void onIndexInsert(Transaction tx, long tableId, long indexId, byte[] key) {
        SerializableTransaction writer = state(tx);
        List<SerializableTransaction> readers = new ArrayList<>();
        locks.holdersOfKey(tableId, indexId, key, readers::add);
        conflictsWithReaders(tx, writer, readers);
    }

    private void conflictsWithReaders(Transaction tx, SerializableTransaction writer,
                                      List<SerializableTransaction> readers) {
        for (SerializableTransaction reader : readers) {
            if (reader != writer && reader.overlaps(writer)) {
                conflict(tx, reader, writer);
            }
        }
    }

    /** Records reader -rw-> writer and checks the structures the new edge completes. */
    private void conflict(Transaction current, SerializableTransaction reader, SerializableTransaction writer) {
        SerializableTransaction victim = null;
        synchronized (graph) {
            if (reader.aborted || writer.aborted || !reader.out.add(writer)) {
                return;
            }
            writer.in.add(reader);
            for (SerializableTransaction in : reader.in) {
                if (dangerous(in, reader, writer)) {
                    victim = choose(in, reader);
                    break;
                }
            }
            if (victim == null) {
                for (SerializableTransaction out : writer.out) {
                    if (dangerous(reader, writer, out)) {
                        victim = choose(reader, writer);
                        break;
                    }
                }
            }
            if (victim != null) {
                victim.doomed = true;
            }
        }
        if (victim != null && victim.txid == current.id()) {
            throw fail(current, "its read/write dependencies with concurrent transactions form a dangerous structure");
        }
    }

    /** T_in -rw-> pivot -rw-> T_out is dangerous once T_out has committed before the other two. */
    private static boolean dangerous(SerializableTransaction in, SerializableTransaction pivot,
                                     SerializableTransaction out) {
        return out.isCommitted() && !pivot.committedBefore(out) && !(in != out && in.committedBefore(out));
    }

    /** The pivot if it is still running, otherwise T_in; null if neither can fail any more. */
    private static SerializableTransaction choose(SerializableTransaction in, SerializableTransaction pivot) {
        if (pivot.isActive()) {
            return pivot;
        }
        return in.isActive() ? in : null;
    }

    @Override
    public void beforeCommit(Transaction tx) {
        SerializableTransaction sx = state(tx);
        List<SerializableTransaction> doom = new ArrayList<>();
        synchronized (graph) {
            // As the pivot: an edge out to a transaction that already committed, and any edge in.
            for (SerializableTransaction out : sx.out) {
                if (out.isCommitted()) {
                    for (SerializableTransaction in : sx.in) {
                        if (in == out || !in.committedBefore(out)) {
                            throw fail(tx, "it read data that transaction " + out.txid
                                + " changed, and transaction " + in.txid + " read data it changed");
                        }
                    }
                }
            }
            // As T_in: the pivot it reads past must fail if it has not committed, else this one must.
            for (SerializableTransaction pivot : sx.out) {
                for (SerializableTransaction out : pivot.out) {
                    if (out != pivot && out.isCommitted() && !pivot.committedBefore(out)) {
                        if (pivot.isActive()) {
                            doom.add(pivot);
                        } else if (!pivot.aborted) {
                            throw fail(tx, "transaction " + pivot.txid + " read data that transaction " + out.txid
                                + " changed and committed first");
                        }
                    }
                }
            }
            sx.commitOrder = ++commitOrder;
            // As T_out, now committed first: a running pivot between two edges must fail.
            for (SerializableTransaction pivot : sx.in) {
                if (pivot != sx && pivot.isActive()) {
                    for (SerializableTransaction in : pivot.in) {
                        if (dangerous(in, pivot, sx)) {
                            doom.add(pivot);
                            break;
                        }
                    }
                }
            }
            for (SerializableTransaction victim : doom) {
                victim.doomed = true;
            }
        }
    }

    @Override
    public void onCommitTimestamp(Transaction tx, long commitTs) {
        SerializableTransaction sx = (SerializableTransaction) tx.controlState();
        if (sx != null) {
            sx.commitTs = commitTs;
            byCommitTs.put(commitTs, sx);
        }
    }

    @Override
    public void onEnd(Transaction tx, boolean committed) {
        SerializableTransaction sx = (SerializableTransaction) tx.controlState();
        if (sx != null) {
            if (committed) {
                if (sx.commitTs == 0) {
                    sx.commitTs = manager.clock(); // wrote nothing: it overlaps everything that began before now
                }
                synchronized (graph) {
                    sx.endClock = manager.clock();
                    retained.add(sx);
                }
            } else {
                forget(sx);
            }
        }
        forgetFinished();
    }

    /** Forgets the committed transactions that no running transaction overlaps any more. */
    private void forgetFinished() {
        long oldestRunning = manager.oldestRunningTxid();
        List<SerializableTransaction> done = new ArrayList<>();
        synchronized (graph) {
            while (!retained.isEmpty() && retained.peek().endClock < oldestRunning) {
                done.add(retained.poll());
            }
        }
        for (SerializableTransaction sx : done) {
            forget(sx);
        }
    }

    private void forget(SerializableTransaction sx) {
        synchronized (graph) {
            if (sx.commitOrder == 0) {
                sx.aborted = true;
            }
            for (SerializableTransaction other : sx.in) {
                other.out.remove(sx);
            }
            for (SerializableTransaction other : sx.out) {
                other.in.remove(sx);
            }
            sx.in.clear();
            sx.out.clear();
        }
        locks.release(sx);
        byTxid.remove(sx.txid, sx);
        if (sx.commitTs != 0) {
            byCommitTs.remove(sx.commitTs, sx);
        }
    }

    /** SIREAD lock entries currently held (for tests and views). */
    public int sireadLocks() {
        return locks.size();
    }
}
