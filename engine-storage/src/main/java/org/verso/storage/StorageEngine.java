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
import java.util.function.LongConsumer;
import org.verso.common.ErrorCode;
import org.verso.storage.heap.SiasHeap;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.io.FilePageChannel;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.tuple.RowCodec;
import org.verso.storage.txlog.CommitLog;

/**
 * The storage of one database: its files, buffer pool, I/O accounting and commit log, and the heaps of its tables.
 *
 * <p>Directory layout:
 * <pre>
 * verso.lock          held (OS file lock) while a process has the database open
 * catalog.bin         the catalog, replaced atomically on every change ({@link #writeMetadata})
 * commit.log          the commit log (page kind COMMIT_LOG)
 * tables/T&lt;id&gt;.heap  the append region of table &lt;id&gt; (page kind HEAP)
 * </pre>
 * An in-memory database has the same structure in {@link MemoryPageChannel}s and no lock.
 *
 * <p>Thread safety: opening and dropping heaps and metadata writes are synchronised; the returned heaps and the
 * commit log have their own threading rules.
 */
public final class StorageEngine implements AutoCloseable {
    private static final String LOCK_FILE = "verso.lock";
    private static final String COMMIT_LOG = "commit.log";

    private final Path directory;
    private final String displayName;
    private final int pageSize;
    private final BufferPool pool;
    private final IoAccounting io = new IoAccounting();
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final Map<String, MemoryPageChannel> memoryFiles = new HashMap<>();
    private final Map<String, byte[]> memoryMetadata = new HashMap<>();
    private final List<PageFile> openFiles = new ArrayList<>();
    private final Map<Long, PageFile> heapFiles = new HashMap<>();
    private final CommitLog commitLog;
    private int nextFileId;
    private boolean closed;

    private StorageEngine(Path directory, String displayName, int pageSize, long cacheBytes) {
        this.directory = directory;
        this.displayName = displayName;
        this.pageSize = pageSize;
        this.pool = new BufferPool(pageSize, cacheBytes);
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
    public static StorageEngine open(Path directory, int pageSize, long cacheBytes) {
        return new StorageEngine(directory, directory.toString(), pageSize, cacheBytes);
    }

    /** A storage engine whose files live in memory. */
    public static StorageEngine inMemory(String name, int pageSize, long cacheBytes) {
        return new StorageEngine(null, "mem:" + name, pageSize, cacheBytes);
    }

    public boolean isInMemory() {
        return directory == null;
    }

    public int pageSize() {
        return pageSize;
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

    /** Opens the SIAS heap of table {@code tableId}, creating its file if needed, and rebuilds its directory. */
    public synchronized TableHeap openHeap(long tableId, String tableName, RowCodec codec, LongConsumer maxTxidSeen) {
        PageFile file = openFile(heapFileName(tableId), PageKind.HEAP);
        heapFiles.put(tableId, file);
        return SiasHeap.open(tableName, new AppendRegion(file, pool), codec, commitLog, maxTxidSeen);
    }

    /** Deletes the heap file of a dropped table. The heap must not be used afterwards. */
    public synchronized void dropHeap(long tableId) {
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

    private static String heapFileName(long tableId) {
        return "tables/T" + tableId + ".heap";
    }

    private PageFile openFile(String name, PageKind kind) {
        try {
            PageChannel channel;
            if (directory == null) {
                channel = memoryFiles.computeIfAbsent(name, n -> new MemoryPageChannel());
            } else {
                channel = new FilePageChannel(directory.resolve(name));
            }
            PageFile file = new PageFile(nextFileId++, name, kind, pageSize, channel, io);
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
            throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
        }
        try {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e2) {
                throw ErrorCode.IO_ERROR.exception(e2, name, e2.getMessage());
            }
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
        }
        io.register(name, PageKind.CATALOG).recordWrite(1, contents.length, false);
    }

    /** Writes every dirty page and forces every file. */
    public synchronized void checkpoint() {
        for (PageFile file : openFiles) {
            pool.flush(file);
        }
        for (PageFile file : openFiles) {
            file.force();
        }
    }

    /** Flushes and closes every file and releases the directory lock. Heaps must be sealed before. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            commitLog.flush();
            checkpoint();
        } finally {
            for (PageFile file : openFiles) {
                file.close();
            }
            openFiles.clear();
            memoryFiles.clear();
            if (lock != null) {
                try {
                    lock.release();
                    lockChannel.close();
                } catch (IOException e) {
                    throw ErrorCode.IO_ERROR.exception(e, LOCK_FILE, e.getMessage());
                }
            }
        }
    }

    @Override
    public String toString() {
        return displayName;
    }
}
