package org.verso.storage.heap;

/** Tells recovery whether a transaction committed: its commit timestamp, or -1 if it did not. */
@FunctionalInterface
public interface CommitLookup {
    long commitTimestamp(long txid);
}
