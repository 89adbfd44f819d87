package org.verso.storage.heap;

/**
 * The result of {@link TableHeap#write}: either the new version was installed, and {@link #version()} is the handle
 * that {@link TableHeap#commit} and {@link TableHeap#undo} take, or the decider refused and {@link #decision()} says
 * why.
 */
public final class WriteOutcome {
    private final WriteDecision decision;
    private final long version;

    private WriteOutcome(WriteDecision decision, long version) {
        this.decision = decision;
        this.version = version;
    }

    public static WriteOutcome installed(long version) {
        return new WriteOutcome(WriteDecision.PUT, version);
    }

    public static WriteOutcome refused(WriteDecision decision) {
        if (decision.kind() == WriteDecision.Kind.PUT) {
            throw new IllegalArgumentException("a refusal needs a decision other than PUT");
        }
        return new WriteOutcome(decision, -1);
    }

    public boolean isInstalled() {
        return decision.kind() == WriteDecision.Kind.PUT;
    }

    /** The installed version's handle; only when {@link #isInstalled()}. */
    public long version() {
        if (!isInstalled()) {
            throw new IllegalStateException("no version was installed: " + decision);
        }
        return version;
    }

    public WriteDecision decision() {
        return decision;
    }
}
