package org.verso.storage.heap;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The versions a merge moved while an index entry may still lead a reader to the old copy. A version-oblivious index
 * holds one entry per tuple id, so a moved version has two entries for a while: the old one, which transactions that
 * were running when the move was published still use, and the new one, which every later transaction uses. Each
 * reader is told exactly one of the two tuple ids, by its txid alone, so that a range scan meeting both entries
 * returns the row once and a scan meeting only one of them does not lose it.
 *
 * <p>Order of a move, under the row's write latch: the copy is appended and its index entries inserted, then the
 * move is {@link #publish published} with a stamp read from the transaction clock after it is visible here; only
 * then does the directory point at the copy. A transaction whose txid is above the stamp began after the move was
 * visible here, so it always sees it and always uses the new copy, whose entries were already in place; one at or
 * below the stamp uses the old copy, whose entries stay until it has ended ({@link #expire}).
 */
final class Relocations {
    private static final long PENDING = Long.MAX_VALUE;

    /**
     * A moved version: its row and directory node, old and new tuple ids, the row's values (to find its index keys),
     * the region position once the directory points at the copy, and the stamp.
     */
    static final class Move {
        final long rowId;
        final int node;
        final long fromTid;
        final long toTid;
        final Object[] row;
        private long settledOnce = Long.MAX_VALUE;
        private volatile long stamp = PENDING;

        Move(long rowId, int node, long fromTid, long toTid, Object[] row) {
            this.rowId = rowId;
            this.node = node;
            this.fromTid = fromTid;
            this.toTid = toTid;
            this.row = row;
        }

        /** The region position after the directory pointed at the copy: images written past it name the copy. */
        void settledOnce(long position) {
            settledOnce = position;
        }
    }

    private final ConcurrentHashMap<Long, Move> moves = new ConcurrentHashMap<>();

    /** Whether a move of row {@code rowId} is still published (a row is moved again only after it expired). */
    boolean moving(long rowId) {
        return !moves.isEmpty() && moves.containsKey(rowId);
    }

    /**
     * Publishes a move whose copy and index entries are in place, stamping it with the clock read after the move is
     * visible to readers.
     */
    void publish(Move move, LongSupplier clock) {
        moves.put(move.rowId, move);
        VarHandle.fullFence(); // the move is visible before the clock is read: a later transaction sees it
        move.stamp = clock.getAsLong();
    }

    /**
     * The tuple id that a reader of transaction {@code ownTxid} must accept for row {@code rowId}, whose version the
     * snapshot sees is at {@code visibleTid} (either copy of a moved version, or another version).
     */
    long acceptedTid(long rowId, long visibleTid, long ownTxid) {
        if (moves.isEmpty()) {
            return visibleTid;
        }
        Move move = moves.get(rowId);
        if (move == null || (visibleTid != move.fromTid && visibleTid != move.toTid)) {
            return visibleTid;
        }
        long stamp;
        while ((stamp = move.stamp) == PENDING) {
            Thread.onSpinWait(); // between publication and the clock read: a few instructions
        }
        return ownTxid > stamp ? move.toTid : move.fromTid;
    }

    /** Hands every published move's old tuple id to {@code visitor}. */
    void forEachOldCopy(java.util.function.LongConsumer visitor) {
        for (Move move : moves.values()) {
            visitor.accept(move.fromTid);
        }
    }

    /**
     * Takes out and returns the moves whose old copy no running transaction can use any more and that every image
     * a recovery may load already holds (both slots of the image were written past {@code settledPosition}).
     */
    List<Move> expire(long oldestRunningTxid, long settledPosition) {
        List<Move> expired = new ArrayList<>();
        for (Move move : moves.values()) {
            if (move.stamp < oldestRunningTxid && move.settledOnce < settledPosition) {
                expired.add(move);
            }
        }
        for (Move move : expired) {
            moves.remove(move.rowId, move);
        }
        return expired;
    }
}
