package org.verso.storage;

import java.util.HashMap;
import java.util.Map;
import org.verso.common.ErrorCode;
import org.verso.storage.index.btree.BTree;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.page.BufferPool;
import org.verso.storage.txlog.CommitLog;
import org.verso.storage.wal.LogReader;
import org.verso.storage.wal.RecordType;
import org.verso.storage.wal.RedoHandler;
import org.verso.storage.wal.WriteAheadLog;

/**
 * Redo recovery: replays every valid log record after the last checkpoint's redo point through the
 * {@link RedoHandler} of its {@link RecordType}, then writes what it rebuilt. The log ends at the first invalid
 * record (see {@link LogReader}). Every handler is idempotent, so a crash during recovery is recovered by running
 * recovery again. A record of a type that no handler claims means the log is not one this version can read: XX001.
 */
final class Recovery {
    /**
     * Where the valid log ends: the next record goes at {@code endLsn}, linked back to {@code lastRecordStart};
     * {@code damagedEnd} is where the record that ended replay ends by its header ({@link LogReader#damagedEnd}).
     */
    record Result(long endLsn, long lastRecordStart, long damagedEnd) {
    }

    private final Map<Byte, RedoHandler> handlers = new HashMap<>();

    /** Registers the redo of one record type. */
    Recovery handle(RecordType type, RedoHandler handler) {
        if (handlers.putIfAbsent(type.code(), handler) != null) {
            throw ErrorCode.INTERNAL_ERROR.exception("two redo handlers for " + type);
        }
        return this;
    }

    /**
     * The recovery of a database's storage: region appends go back into the heap files that {@code heaps} resolves,
     * index pages into the index files that {@code indexes} resolves, commits into the commit log.
     */
    static Result run(DatabaseFiles files, StorageOptions options, IoAccounting io, BufferPool pool,
                      CommitLog commitLog, AppendRegion.StreamFiles heaps, AppendRegion.StreamFiles indexes) {
        ControlFile.Contents control = ControlFile.decode(files.readMetadata(ControlFile.NAME));
        long redoLsn = control == null ? 0 : control.redoLsn();
        CommitLog.Replay commits = commitLog.replay();
        Recovery recovery = new Recovery()
            .handle(AppendRegion.APPEND_RUN, AppendRegion.redoHandler(pool, heaps))
            .handle(AppendRegion.APPEND_RECORD, AppendRegion.recordRedoHandler(pool, heaps))
            .handle(CommitLog.COMMIT_RECORD, commits.commits())
            .handle(CommitLog.ABORT_RECORD, commits.aborts())
            .handle(WriteAheadLog.FILLER, (payload, endLsn) -> { });
        BTree.registerRedo(recovery::handle, pool, indexes);
        Result result;
        try (LogReader reader = WriteAheadLog.reader(files.directory().resolve("wal"), options.walSegmentBytes(),
            options.channels(), io.register("wal", PageKind.WAL))) {
            reader.read(redoLsn, recovery::dispatch);
            result = new Result(reader.endLsn(), reader.lastRecordStart(), reader.damagedEnd());
            // Pages read by redo were not checked against the log's end, which only now is known.
            pool.checkLoggedUpTo(reader.endLsn(), reader.describeEnd());
        }
        commits.finish();
        long commitLogPages = commitLog.flush();
        pool.flushAll();
        files.forceAll();
        files.writeMetadata(ControlFile.NAME, ControlFile.encode(new ControlFile.Contents(result.endLsn(),
            pool.pageSize(), commitLogPages, options.walSegmentBytes(), commitLog.horizon().commitLogFloor(),
            commitLog.maxLoggedTimestamp(), options.heapSegmentBytes(), commitLog.start(),
            commitLog.forgottenTxid(), options.commitLogSegmentPages())));
        return result;
    }

    private void dispatch(byte type, java.nio.ByteBuffer payload, long endLsn) {
        RedoHandler handler = handlers.get(type);
        if (handler == null) {
            throw ErrorCode.DATA_CORRUPTED.exception(endLsn, "wal", "unknown log record type " + type);
        }
        handler.redo(payload, endLsn);
    }
}
