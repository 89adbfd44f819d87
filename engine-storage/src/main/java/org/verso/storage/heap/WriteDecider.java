package org.verso.storage.heap;

/**
 * The transaction layer's say over a write. The heap shows it the row's newest version while holding the row's
 * write latch, so the decision and the install are atomic. The decider must be pure: it looks at the version word
 * and returns a {@link WriteDecision}; it never blocks, aborts, undoes or takes a lock. Policy (first-updater-wins,
 * waiting, deadlock detection) lives in the transaction layer, which acts on the decision after the heap returns.
 */
@FunctionalInterface
public interface WriteDecider {
    /** Installs unconditionally: for the first version of a row created by the writer itself. */
    WriteDecider NEW_ROW = (vid, exists, headWord) -> WriteDecision.PUT;

    /**
     * Decides about writing row {@code vid}. If {@code exists}, {@code headWord} is the
     * {@link org.verso.storage.version.VersionWord} of the row's newest version; otherwise the row has no version.
     */
    WriteDecision decide(long vid, boolean exists, long headWord);
}
