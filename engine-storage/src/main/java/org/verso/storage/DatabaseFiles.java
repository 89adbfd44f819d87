package org.verso.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.verso.common.ErrorCode;
import org.verso.common.IoFailures;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.Directories;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.IoCounters;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.io.SegmentedPageChannel;
import org.verso.storage.page.PageFile;

/**
 * The files of one database, on disk or in memory: the directory lock, the page files (opened, forced, deleted by
 * name) and the small metadata files that are replaced whole. It knows nothing of what the files hold.
 *
 * <p>An on-disk database is a directory; {@code verso.lock} is held (an OS file lock) while a process has it open,
 * so a second process fails with 08001. An in-memory database keeps page files in {@link MemoryPageChannel}s and
 * metadata in a map, and has no lock.
 *
 * <p>Thread safety: all methods are thread safe; the object's monitor guards the maps of open files and is never
 * held while waiting on another lock.
 */
final class DatabaseFiles implements AutoCloseable {
    private static final String LOCK_FILE = "verso.lock";

    private final Path directory;
    private final StorageOptions options;
    private final IoAccounting io;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final Map<String, MemoryPageChannel> memoryFiles = new HashMap<>();
    private final Map<String, byte[]> memoryMetadata = new HashMap<>();
    private final List<PageFile> openFiles = new ArrayList<>();
    private final Map<PageFile, SegmentedPageChannel> segmentedFiles = new HashMap<>();
    private int nextFileId;

    /** Opens (creating) {@code directory} and takes its lock, or, for a null directory, an in-memory set of files. */
    DatabaseFiles(Path directory, StorageOptions options, IoAccounting io) {
        this.directory = directory;
        this.options = options;
        this.io = io;
        if (directory == null) {
            lockChannel = null;
            lock = null;
            return;
        }
        try {
            boolean fresh = !Files.isDirectory(directory.resolve("indexes"));
            Files.createDirectories(directory.resolve("tables"));
            Files.createDirectories(directory.resolve("indexes"));
            if (fresh) {
                // The subdirectories' entries must be durable before files in them are relied on.
                Directories.force(options.channels(), directory, io.register(".", PageKind.CATALOG));
            }
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
    }

    boolean isInMemory() {
        return directory == null;
    }

    /** The database directory, or null in memory. */
    Path directory() {
        return directory;
    }

    /** Opens (creating if needed) the page file {@code name}, relative to the database directory. */
    synchronized PageFile open(String name, PageKind kind) {
        try {
            PageChannel channel;
            if (directory == null) {
                channel = memoryFiles.computeIfAbsent(name, n -> new MemoryPageChannel());
            } else {
                Path path = directory.resolve(name);
                boolean created = !Files.exists(path);
                channel = options.pageChannels().open(path);
                if (created) {
                    // The new file's name must be durable before a checkpoint relies on its pages: forcing the file
                    // does not make its directory entry durable.
                    Directories.force(options.channels(), path.getParent(), io.register(name, kind));
                }
            }
            PageFile file = new PageFile(nextFileId++, name, kind, options.pageSize(), channel, io);
            openFiles.add(file);
            return file;
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
        }
    }

    /**
     * Opens (creating if needed) the page file {@code name} stored as segment files of the heap segment size
     * ({@link SegmentedPageChannel}), whose released runs of pages go back to the file system. A heap of a database
     * created before heaps were segmented is one plain file, and is opened as such. In memory, one plain file.
     */
    synchronized PageFile openSegmented(String name, PageKind kind) {
        return openSegmented(name, kind, options.heapSegmentBytes());
    }

    synchronized PageFile openSegmented(String name, PageKind kind, long segmentBytes) {
        if (directory == null || Files.exists(directory.resolve(name))) {
            return open(name, kind);
        }
        try {
            SegmentedPageChannel channel = new SegmentedPageChannel(options.pageChannels(), directory.resolve(name),
                segmentBytes, io.register(name, kind));
            PageFile file = new PageFile(nextFileId++, name, kind, options.pageSize(), channel, io);
            openFiles.add(file);
            segmentedFiles.put(file, channel);
            return file;
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
        }
    }

    /** Closes and deletes a page file; its pages must have been discarded from the buffer pool. */
    synchronized void delete(PageFile file) {
        SegmentedPageChannel segments = segmentedFiles.remove(file);
        if (segments != null) {
            try {
                segments.deleteAll();
            } catch (IOException e) {
                throw ErrorCode.IO_ERROR.exception(e, file.name(), e.getMessage());
            }
        }
        file.close();
        openFiles.remove(file);
        if (directory == null) {
            memoryFiles.remove(file.name());
            return;
        }
        try {
            options.pageChannels().delete(directory.resolve(file.name()));
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, file.name(), e.getMessage());
        }
    }

    /** Forces every open page file to stable storage. */
    void forceAll() {
        List<PageFile> files;
        synchronized (this) {
            files = List.copyOf(openFiles);
        }
        for (PageFile file : files) {
            file.force();
        }
    }

    /** Reads a small metadata file (such as the catalog), or null if it does not exist. */
    synchronized byte[] readMetadata(String name) {
        if (directory == null) {
            return memoryMetadata.get(name);
        }
        try {
            return readWhole(options.channels(), directory.resolve(name));
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
        }
    }

    /** The whole contents of the small file {@code path}, read through {@code channels}; null if it does not exist. */
    static byte[] readWhole(ChannelFactory channels, Path path) throws IOException {
        if (!Files.exists(path)) {
            return null;
        }
        try (PageChannel ch = channels.open(path)) {
            ByteBuffer contents = ByteBuffer.allocate(Math.toIntExact(ch.size()));
            while (contents.hasRemaining() && ch.read(contents, contents.position()) > 0) {
                // read on: a channel may return fewer bytes than asked
            }
            return contents.array();
        }
    }

    /**
     * Replaces a small metadata file atomically: the new contents go to a temporary file that is forced and then
     * renamed over the old one, so a crash leaves either the old or the new version.
     */
    synchronized void writeMetadata(String name, byte[] contents) {
        if (directory == null) {
            memoryMetadata.put(name, contents.clone());
            return;
        }
        // The channels survive interrupts (FilePageChannel, and InterruptSafeIo for directory forces): a DDL
        // statement or a checkpoint run by an interrupted thread does not fail for that reason.
        replaceFile(name, contents);
    }

    private void replaceFile(String name, byte[] contents) {
        ChannelFactory channels = options.channels();
        Path temp = directory.resolve(name + ".tmp");
        IoCounters counters = io.register(name, PageKind.CATALOG);
        try {
            try (PageChannel ch = channels.open(temp)) {
                ch.truncate(0);
                ch.write(ByteBuffer.wrap(contents), 0);
                ch.force();
            }
            Path target = directory.resolve(name);
            channels.move(temp, target);
            Directories.force(channels, target.getParent(), counters);
        } catch (IOException e) {
            throw writeFailure(e, name);
        }
        counters.recordWrite(1, contents.length, false);
        counters.recordFsync();
    }

    private static RuntimeException writeFailure(IOException e, String name) {
        return IoFailures.of(e, name);
    }

    /** Closes every page file and releases the directory lock. */
    @Override
    public synchronized void close() {
        try {
            for (PageFile file : openFiles) {
                file.close();
            }
        } finally {
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
}
