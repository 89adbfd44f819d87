package org.verso.storage.heap;

/**
 * What a {@link WriteDecider} found when shown a row's newest version. A decision only describes; it never acts.
 * The heap installs the new version on {@link Kind#PUT} and returns every other decision to its caller, which acts
 * on it (waits, aborts, skips the row) after the heap has released its locks.
 *
 * <p>Decisions other than WAIT, CONFLICT and DUPLICATE carry no data and are shared constants, so deciding
 * allocates nothing on the common path.
 */
public final class WriteDecision {
    /** The kinds of decision. */
    public enum Kind {
        /** Install the new version. */
        PUT,
        /** The newest version belongs to another running transaction ({@link #other()}): wait for it, then retry. */
        WAIT,
        /** The row does not exist (any more) for the writer: nothing to write. */
        ROW_GONE,
        /** The newest version was committed after the writer's snapshot, at {@link #other()}: a write conflict. */
        CONFLICT,
        /** The key the writer wants is held by a live row: a unique-key violation. */
        DUPLICATE
    }

    public static final WriteDecision PUT = new WriteDecision(Kind.PUT, 0);
    public static final WriteDecision ROW_GONE = new WriteDecision(Kind.ROW_GONE, 0);

    private final Kind kind;
    private final long other;

    private WriteDecision(Kind kind, long other) {
        this.kind = kind;
        this.other = other;
    }

    /** Wait for transaction {@code ownerTxid}, which owns the row's newest version. */
    public static WriteDecision waitFor(long ownerTxid) {
        return new WriteDecision(Kind.WAIT, ownerTxid);
    }

    /** The key the writer wants is held by live row {@code rowId}. */
    public static WriteDecision duplicateOf(long rowId) {
        return new WriteDecision(Kind.DUPLICATE, rowId);
    }

    /** The row was changed by a transaction that committed at {@code commitTs}, after the writer's snapshot. */
    public static WriteDecision conflict(long commitTs) {
        return new WriteDecision(Kind.CONFLICT, commitTs);
    }

    public Kind kind() {
        return kind;
    }

    /**
     * For WAIT the txid to wait for; for CONFLICT the commit timestamp of the change; for DUPLICATE the row that
     * holds the key; otherwise 0.
     */
    public long other() {
        return other;
    }

    @Override
    public String toString() {
        return kind == Kind.PUT || kind == Kind.ROW_GONE ? kind.name() : kind + "(" + other + ")";
    }
}
