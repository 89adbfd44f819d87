package org.verso.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;
import org.verso.common.ErrorCode;
import org.verso.common.IoFailures;
import org.verso.storage.heap.SiasHeap;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.tuple.RowCodec;
import org.verso.storage.txlog.CommitLog;
import org.verso.storage.wal.LogReader;
import org.verso.storage.wal.LogRecord;
import org.verso.storage.wal.RedoLog;
import org.verso.storage.wal.WriteAheadLog;

/**
 * The storage of one database: its files, buffer pool, I/O accounting, write-ahead log, commit log, and the heaps
 * of its tables.
 *
 * <p>Operations by purpose:
 * <ul>
 *   <li>lifecycle: {@link #open} / {@link #inMemory}, then {@link #recover} once with the ids of the catalog's
 *       tables, then {@link #close};</li>
 *   <li>tables: {@link #openHeap}, {@link #dropHeap};</li>
 *   <li>durability: {@link #redoLog}, {@link #commitLog}, {@link #checkpoint};</li>
 *   <li>metadata files: {@link #readMetadata}, {@link #writeMetadata};</li>
 *   <li>observation: {@link #io}, {@link #bufferPool}.</li>
 * </ul>
 *
 * <p>Directory layout:
 * <pre>
 * verso.lock          held (OS file lock) while a process has the database open
 * catalog.bin         the catalog, replaced atomically on every change
 * control.bin         the redo LSN of the last checkpoint ({@link ControlFile})
 * commit.log          the commit log (page kind COMMIT_LOG)
 * tables/T&lt;id&gt;.heap  the append region of table &lt;id&gt; (page kind HEAP)
 * wal/*.wal           write-ahead log segments (page kind WAL)
 * </pre>
 * An in-memory database keeps the page files in {@link MemoryPageChannel}s and has no lock and no log.
 *
 * <p>Checkpoints are fuzzy: writers go on while one runs. A checkpoint notes the log position, seals every append
 * region (each seal waits only for the region's current append), writes all dirty pages, forces the data files and
 * then records the position as the new redo point. A background thread runs one whenever
 * {@link StorageOptions#checkpointBytes()} of log have accumulated.
 *
 * <p>Lock order: the checkpoint monitor, then a region's monitor, then the buffer pool's, then the log's. The
 * engine's own monitor guards its file maps and is never held while waiting on another.
 */
public final class StorageEngine implements AutoCloseable {
    private static final String LOCK_FILE = "verso.lock";
    private static final String COMMIT_LOG = "commit.log";

    private final Path directory;
    private final String displayName;
    private final StorageOptions options;
    private final BufferPool pool;
    private final IoAccounting io = new IoAccounting();
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final Map<String, MemoryPageChannel> memoryFiles = new HashMap<>();
    private final Map<String, byte[]> memoryMetadata = new HashMap<>();
    private final List<PageFile> openFiles = new ArrayList<>();
    private final Map<Long, PageFile> heapFiles = new HashMap<>();
    private final Map<Long, AppendRegion> heapRegions = new HashMap<>();
    private final CommitLog commitLog;
    private final Object checkpointMonitor = new Object();
    private WriteAheadLog wal;
    private RedoLog redoLog = RedoLog.NONE;
    private volatile long lastRedoLsn;
    private Thread checkpointer;
    private int nextFileId;
    private boolean recovered;
    private volatile boolean closed;

    private StorageEngine(Path directory, String displayName, StorageOptions options) {
        this.directory = directory;
        this.displayName = displayName;
        this.options = options;
        this.pool = new BufferPool(options.pageSize(), options.cacheBytes());
        if (directory != null) {
            try {
                Files.createDirectories(directory.resolve("tables"));
                lockChannel = FileChannel.open(directory.resolve(LOCK_FILE), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
                FileLock acquired;
                try {
                    acquired = lockChannel.tryLock();
                } catch (OverlappingFileLockException e) {
                    acquired = null;
                }
                if (acquired == null) {
                    lockChannel.close();
                    throw ErrorCode.DATABASE_LOCKED.exception(directory, directory.resolve(LOCK_FILE));
                }
                lock = acquired;
            } catch (IOException e) {
                throw ErrorCode.CANNOT_OPEN.exception(e, directory, e.getMessage());
            }
        } else {
            lockChannel = null;
            lock = null;
        }
        this.commitLog = new CommitLog(new AppendRegion(openFile(COMMIT_LOG, PageKind.COMMIT_LOG), pool));
    }

    /** Opens (creating if needed) the database in {@code directory}; fails with 08001 if another process has it. */
    public static StorageEngine open(Path directory, StorageOptions options) {
        return new StorageEngine(directory, directory.toString(), options);
    }

    /** A storage engine whose files live in memory. */
    public static StorageEngine inMemory(String name, StorageOptions options) {
        return new StorageEngine(null, "mem:" + name, options);
    }

    public boolean isInMemory() {
        return directory == null;
    }

    public int pageSize() {
        return options.pageSize();
    }

    public BufferPool bufferPool() {
        return pool;
    }

    public IoAccounting io() {
        return io;
    }

    public CommitLog commitLog() {
        return commitLog;
    }

    /** The log the transaction layer waits on at commit ({@link RedoLog#NONE} in memory). */
    public RedoLog redoLog() {
        return redoLog;
    }

    /**
     * Brings the data files up to date with the write-ahead log: redoes every heap append and commit logged after
     * the last checkpoint, for the tables in {@code tableIds} (records of dropped tables are skipped), writes the
     * result, and starts a fresh log at the end of the valid records. Running it again after a crash during
     * recovery redoes the same records, which finds them already in place (pages carry the LSN of their last
     * record). Must be called once, before any heap is opened.
     */
    public synchronized void recover(Set<Long> tableIds) {
        if (recovered) {
            throw ErrorCode.INTERNAL_ERROR.exception("recovery already ran");
        }
        recovered = true;
        if (directory == null) {
            return;
        }
        long redoLsn = ControlFile.redoLsn(readMetadata(ControlFile.NAME));
        Map<Long, Long> commits = new HashMap<>();
        java.util.Set<Long> voided = new java.util.HashSet<>();
        Path walDir = directory.resolve("wal");
        long endLsn;
        long lastRecordStart;
        try (LogReader reader = WriteAheadLog.reader(walDir, options.walSegmentBytes(), options.channels(),
            io.register("wal", PageKind.WAL))) {
            reader.read(redoLsn, (type, payload, end) -> {
                switch (type) {
                    case LogRecord.HEAP_APPEND: {
                        long tableId = payload.getLong(0);
                        if (tableIds.contains(tableId)) {
                            AppendRegion.redoAppend(pool, heapFile(tableId), payload.getLong(8),
                                payload.slice(16, payload.remaining() - 16), end);
                        }
                        break;
                    }
                    case LogRecord.COMMIT:
                        commits.put(payload.getLong(0), payload.getLong(8));
                        break;
                    case LogRecord.ABORT:
                        voided.add(payload.getLong(0));
                        break;
                    default:
                        throw ErrorCode.DATA_CORRUPTED.exception(end, "wal", "unknown log record type " + type);
                }
            });
            endLsn = reader.endLsn();
            lastRecordStart = reader.lastRecordStart();
        }
        commits.forEach((txid, ts) -> {
            if (!voided.contains(txid)) {
                commitLog.redoCommit(txid, ts);
            }
        });
        commitLog.flush();
        pool.flushAll();
        forceFiles();
        writeMetadata(ControlFile.NAME, ControlFile.encode(endLsn));
        lastRedoLsn = endLsn;
        wal = new WriteAheadLog(walDir, options.walSegmentBytes(), options.channels(), io.register("wal",
            PageKind.WAL), options.durability(), endLsn, lastRecordStart);
        wal.recycleBefore(endLsn);
        redoLog = wal;
        pool.setRedoLog(wal);
        commitLog.setRedoLog(wal);
        pool.startBackgroundWriter(200);
        checkpointer = new Thread(this::checkpointWhenDue, "verso-checkpointer");
        checkpointer.setDaemon(true);
        checkpointer.start();
    }

    /**
     * Opens the SIAS heap of table {@code tableId}, creating its file if needed, and rebuilds its directory. Heaps of
     * the tables that exist at open must be opened before {@link #finishOpening}; a table created later starts empty.
     */
    public synchronized TableHeap openHeap(long tableId, String tableName, RowCodec codec, LongConsumer maxTxidSeen) {
        AppendRegion region = new AppendRegion(heapFile(tableId), pool, redoLog, tableId);
        heapRegions.put(tableId, region);
        return SiasHeap.open(tableName, region, codec, commitLog, maxTxidSeen);
    }

    /** Called once every existing heap is open: releases what only opening needed. */
    public void finishOpening() {
        commitLog.releaseLookups();
    }

    private synchronized PageFile heapFile(long tableId) {
        PageFile file = heapFiles.get(tableId);
        if (file == null) {
            file = openFile(heapFileName(tableId), PageKind.HEAP);
            heapFiles.put(tableId, file);
        }
        return file;
    }

    /** Deletes the heap file of a dropped table. The heap must not be used afterwards. */
    public void dropHeap(long tableId) {
        synchronized (checkpointMonitor) {
            synchronized (this) {
                heapRegions.remove(tableId);
                PageFile file = heapFiles.remove(tableId);
                if (file == null) {
                    return;
                }
                pool.discard(file);
                file.close();
                openFiles.remove(file);
                String name = heapFileName(tableId);
                if (directory == null) {
                    memoryFiles.remove(name);
                } else {
                    try {
                        Files.deleteIfExists(directory.resolve(name));
                    } catch (IOException e) {
                        throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
                    }
                }
            }
        }
    }

    private static String heapFileName(long tableId) {
        return "tables/T" + tableId + ".heap";
    }

    private synchronized PageFile openFile(String name, PageKind kind) {
        try {
            PageChannel channel;
            if (directory == null) {
                channel = memoryFiles.computeIfAbsent(name, n -> new MemoryPageChannel());
            } else {
                channel = options.pageChannels().open(directory.resolve(name));
            }
            PageFile file = new PageFile(nextFileId++, name, kind, options.pageSize(), channel, io);
            openFiles.add(file);
            return file;
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
        }
    }

    /** Reads a small metadata file (such as the catalog), or null if it does not exist. */
    public synchronized byte[] readMetadata(String name) {
        if (directory == null) {
            return memoryMetadata.get(name);
        }
        Path path = directory.resolve(name);
        try {
            return Files.exists(path) ? Files.readAllBytes(path) : null;
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
        }
    }

    /**
     * Replaces a small metadata file atomically: the new contents go to a temporary file that is forced and then
     * renamed over the old one, so a crash leaves either the old or the new version.
     */
    public synchronized void writeMetadata(String name, byte[] contents) {
        if (directory == null) {
            memoryMetadata.put(name, contents.clone());
            return;
        }
        Path target = directory.resolve(name);
        Path temp = directory.resolve(name + ".tmp");
        try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.wrap(contents);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        } catch (IOException e) {
            throw writeFailure(e, name);
        }
        try {
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
                dir.force(true);
            } catch (IOException ignored) {
                // Not every platform can force a directory; the rename itself is atomic.
            }
        } catch (IOException e) {
            throw writeFailure(e, name);
        }
        io.register(name, PageKind.CATALOG).recordWrite(1, contents.length, false);
        io.register(name, PageKind.CATALOG).recordFsync();
    }

    private static RuntimeException writeFailure(IOException e, String name) {
        return IoFailures.of(e, name);
    }

    /**
     * A fuzzy checkpoint: afterwards every change logged before the recorded redo point is in the data files, and
     * log segments before it are recycled. Writers are held up only while their own region's head page is sealed.
     */
    public void checkpoint() {
        synchronized (checkpointMonitor) {
            long redo = Math.min(redoLog.appendedLsn(), commitLog.oldestPendingLsn());
            List<AppendRegion> regions;
            synchronized (this) {
                regions = List.copyOf(heapRegions.values());
            }
            for (AppendRegion region : regions) {
                region.seal();
            }
            commitLog.flush();
            pool.flushAll();
            forceFiles();
            if (wal != null) {
                writeMetadata(ControlFile.NAME, ControlFile.encode(redo));
                lastRedoLsn = redo;
                wal.recycleBefore(redo);
            }
        }
    }

    private void forceFiles() {
        List<PageFile> files;
        synchronized (this) {
            files = List.copyOf(openFiles);
        }
        for (PageFile file : files) {
            file.force();
        }
    }

    private void checkpointWhenDue() {
        while (!closed) {
            try {
                Thread.sleep(250);
                if (!closed && redoLog.appendedLsn() - lastRedoLsn >= options.checkpointBytes()) {
                    checkpoint();
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // A failed checkpoint (full disk) leaves the old redo point in force; it is retried later.
            }
        }
    }

    /** Checkpoints, closes every file and releases the directory lock. Heaps must be sealed before. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        if (checkpointer != null) {
            checkpointer.interrupt();
            try {
                checkpointer.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        pool.stopBackgroundWriter();
        try {
            checkpoint();
        } finally {
            synchronized (this) {
                try {
                    if (wal != null) {
                        wal.close();
                    }
                } finally {
                    for (PageFile file : openFiles) {
                        file.close();
                    }
                    openFiles.clear();
                    memoryFiles.clear();
                    releaseLock();
                }
            }
        }
    }

    private void releaseLock() {
        if (lock != null) {
            try {
                lock.release();
                lockChannel.close();
            } catch (IOException e) {
                throw ErrorCode.IO_ERROR.exception(e, LOCK_FILE, e.getMessage());
            }
        }
    }

    @Override
    public String toString() {
        return displayName;
    }
}
