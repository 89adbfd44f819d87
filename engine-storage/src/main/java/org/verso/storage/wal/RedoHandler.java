package org.verso.storage.wal;

import java.nio.ByteBuffer;

/**
 * Replays one type of log record at recovery. Recovery calls it for every valid record of its type after the redo
 * point, in log order; it must be idempotent, because a crash during recovery replays the same records again.
 */
@FunctionalInterface
public interface RedoHandler {
    /** Replays a record whose payload is {@code payload} (position 0 to limit) and which ends at {@code lsn}. */
    void redo(ByteBuffer payload, long lsn);
}
