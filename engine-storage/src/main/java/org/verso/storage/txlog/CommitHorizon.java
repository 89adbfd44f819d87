package org.verso.storage.txlog;

/**
 * What a checkpoint may promise about commits: every commit with a timestamp at or below {@code timestamp} is in the
 * commit log (confirmed), and the entry of every commit above it lies at or after commit-log page
 * {@code commitLogFloor}. A version directory image holds versions committed at or below the timestamp, so opening
 * it needs the commit log only from the floor on: a record replayed on top of the image whose creator's entry lies
 * before the floor is covered by the image already.
 */
public record CommitHorizon(long timestamp, long commitLogFloor) {
    /** Nothing promised: no commit is trusted, and the whole commit log is needed. */
    public static final CommitHorizon NONE = new CommitHorizon(0, 0);
}
