package org.verso.storage.wal;

import java.util.Locale;

/** When a commit is durable. */
public enum Durability {
    /** The commit record is forced to disk (fdatasync) before commit returns; concurrent commits share a force. */
    SYNC,
    /**
     * Commit returns once its record is in the log buffer; a background flusher forces the log at least every
     * {@link WriteAheadLog#ASYNC_FLUSH_MILLIS} milliseconds, so a crash loses at most the commits of that window.
     */
    ASYNC;

    public static Durability parse(String value) {
        return valueOf(value.trim().toUpperCase(Locale.ROOT));
    }
}
