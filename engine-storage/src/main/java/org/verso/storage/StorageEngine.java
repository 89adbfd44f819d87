package org.verso.storage;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;
import org.verso.common.ErrorCode;
import org.verso.storage.heap.HeapContext;
import org.verso.storage.heap.HeapLayouts;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.index.MemoryIndex;
import org.verso.storage.index.TableIndex;
import org.verso.storage.index.btree.BTree;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.tuple.RowCodec;
import org.verso.storage.txlog.CommitHorizon;
import org.verso.storage.txlog.CommitLog;
import org.verso.storage.wal.FullPageImages;
import org.verso.storage.wal.RedoLog;
import org.verso.storage.wal.WriteAheadLog;

/**
 * The storage of one database: its files, buffer pool, I/O accounting, write-ahead log, commit log, and the heaps
 * and indexes of its tables. It wires together {@link DatabaseFiles} (the files on disk or in memory),
 * {@link Recovery} and the {@link Checkpointer}.
 *
 * <p>Operations by purpose:
 * <ul>
 *   <li>lifecycle: {@link #open} / {@link #inMemory}, then {@link #recover} once with the ids of the catalog's
 *       tables and indexes, then {@link #close};</li>
 *   <li>tables: {@link #openHeap} (in the table's layout), {@link #dropHeap}; indexes: {@link #openIndex},
 *       {@link #dropIndex};</li>
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
 * commit.log.&lt;n&gt;     the commit log in segments of 32 pages (by default), n in 8 hex digits (page
 *                     kind COMMIT_LOG); the oldest are given back
 * tables/T&lt;id&gt;.heap.&lt;n&gt; the heap of table &lt;id&gt; in segments of the heap segment size (page kind HEAP)
 * tables/T&lt;id&gt;.vid   the checkpointed image of its version directory, first slot (page kind DIRECTORY)
 * tables/T&lt;id&gt;.vid.1 its second slot
 * indexes/I&lt;id&gt;.idx  the B+tree of index &lt;id&gt; (page kind INDEX)
 * indexes/counts.bin  the trees' entry counts at the last checkpoint ({@link IndexCounts})
 * wal/*.wal           write-ahead log segments (page kind WAL)
 * </pre>
 *
 * <p>Lock order: the checkpoint monitor, then a heap's row latch, then its append point, then the buffer pool, then
 * the log. The engine's own monitor guards its maps of open heaps and indexes and is never held while waiting on
 * another lock.
 */
public final class StorageEngine implements AutoCloseable {
    private static final String COMMIT_LOG = "commit.log";

    private final String displayName;
    private final StorageOptions options;
    private final BufferPool pool;
    private final IoAccounting io = new IoAccounting();
    private final DatabaseFiles files;
    private final Map<Long, PageFile> heapFiles = new HashMap<>();
    private final Map<Long, TableHeap> heaps = new HashMap<>();
    private final Map<Long, List<PageFile>> imageFiles = new HashMap<>();
    private final Map<Long, PageFile> indexFiles = new HashMap<>();
    private final Map<Long, TableIndex> indexes = new HashMap<>();
    // Indexes this process opened empty (new files, or any index of an in-memory database): their tables fill them.
    private final java.util.Set<Long> emptyIndexes = new HashSet<>();
    // Entry counts of trees that a clean checkpoint recorded and recovery did not change: they open without a count.
    private final Map<Long, Long> knownEntries = new HashMap<>();
    private volatile FullPageImages images = FullPageImages.NEVER;
    private final CommitLog commitLog;
    private WriteAheadLog wal;
    private RedoLog redoLog = RedoLog.NONE;
    private Checkpointer checkpointer;
    private boolean recovered;
    private volatile boolean closed;

    private StorageEngine(Path directory, String displayName, StorageOptions requested) {
        this.displayName = displayName;
        ControlFile.Contents control = directory == null ? null : ControlFile.read(directory, requested.channels());
        // A database keeps the page size and log segment size it was created with, whatever a later open asks for.
        this.options = control == null ? requested : requested.withPageSize(control.pageSize())
            .withWalSegmentBytes(control.walSegmentBytes() > 0 ? control.walSegmentBytes()
                : requested.walSegmentBytes())
            .withHeapSegmentBytes(control.heapSegmentBytes() > 0 ? control.heapSegmentBytes()
                : requested.heapSegmentBytes())
            .withCommitLogSegmentPages(control.commitLogSegmentPages() > 0 ? control.commitLogSegmentPages()
                : requested.commitLogSegmentPages());
        StorageOptions options = this.options;
        this.pool = new BufferPool(options.pageSize(), options.cacheBytes());
        this.files = new DatabaseFiles(directory, options, io);
        // Buffered files are read ahead by the operating system already, O_DIRECT ones by no one else; in memory
        // there is nothing to read.
        pool.setReadAhead(options.directIo() && !files.isInMemory());
        // No control file: recovery replays the whole log.
        // A database whose commit log is one plain file (made before it was kept in segments) keeps it so.
        this.commitLog = new CommitLog(new AppendRegion(files.openSegmented(COMMIT_LOG, PageKind.COMMIT_LOG,
            (long) options.commitLogSegmentPages() * options.pageSize()), pool),
            control == null ? 0 : control.commitLogPages(), control == null ? 0 : control.commitLogFloor(),
            control == null ? 0 : control.maxCommitTs(), control == null ? 0 : control.commitLogStart(),
            control == null ? -1 : control.forgottenTxid());
        this.checkpointer = newCheckpointer(0);
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
        return files.isInMemory();
    }

    /** The database's page size: the one it was created with. */
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
     * Brings the data files up to date with the write-ahead log (see {@link Recovery}) for the tables in
     * {@code tableIds} and the indexes in {@code indexIds} (records of dropped ones are skipped), and starts a fresh
     * log at the end of the valid records. Must be called once, before any heap or index is opened.
     */
    public synchronized void recover(Set<Long> tableIds, Set<Long> indexIds) {
        if (recovered) {
            throw ErrorCode.INTERNAL_ERROR.exception("recovery already ran");
        }
        recovered = true;
        if (files.isInMemory()) {
            return;
        }
        ControlFile.Contents control = ControlFile.decode(files.readMetadata(ControlFile.NAME));
        Map<Long, Long> counts = IndexCounts.decode(files.readMetadata(IndexCounts.NAME),
            control == null ? -1 : control.redoLsn());
        Recovery.Result end = Recovery.run(files, options, io, pool, commitLog,
            tableId -> tableIds.contains(tableId) ? heapFile(tableId) : null,
            indexId -> {
                counts.remove(indexId); // replay changed the tree: its count must be taken again
                return indexIds.contains(indexId) ? indexFile(indexId) : null;
            });
        synchronized (this) {
            knownEntries.putAll(counts);
        }
        wal = new WriteAheadLog(files.directory().resolve("wal"), options.walSegmentBytes(), options.channels(),
            io.register("wal", PageKind.WAL), options.durability(), end.endLsn(), end.lastRecordStart());
        wal.noteDamagedTail(end.damagedEnd());
        wal.recycleBefore(end.endLsn());
        redoLog = wal;
        // Recovery wrote every page it rebuilt: a page last changed at or before the log's end is on disk whole.
        images = new FullPageImages(end.endLsn());
        pool.setRedoLog(wal);
        commitLog.setRedoLog(wal);
        pool.startBackgroundWriter(200);
        checkpointer = newCheckpointer(end.endLsn());
        checkpointer.start();
    }

    private Checkpointer newCheckpointer(long redoLsn) {
        return new Checkpointer(files, pool, commitLog, wal, this::openHeaps, this::openTrees, images,
            options, redoLsn);
    }

    private synchronized List<BTree> openTrees() {
        return indexes.values().stream().filter(BTree.class::isInstance).map(BTree.class::cast).toList();
    }

    private synchronized List<TableHeap> openHeaps() {
        return List.copyOf(heaps.values());
    }

    /**
     * Opens the heap of table {@code tableId} in {@code layout} (the catalog's name for it), creating its file if
     * needed and rebuilding its in-memory state. Heaps of the tables that exist at open must be opened before
     * {@link #finishOpening}; a table created later starts empty.
     *
     * @param maxTxidSeen receives the largest txid found in the heap, so the clock can be set past it
     */
    public TableHeap openHeap(long tableId, String tableName, String layout, RowCodec codec,
                              LongConsumer maxTxidSeen) {
        PageFile file = heapFile(tableId);
        TableHeap heap = HeapLayouts.of(layout).open(new HeapContext(tableId, tableName, codec, file, pool, redoLog,
            commitLog, maxTxidSeen, files.isInMemory() ? List.of() : imageFiles(tableId), this::trustedHorizon,
            commitLog::confirmedHorizon));
        synchronized (this) {
            heaps.put(tableId, heap);
        }
        return heap;
    }

    /** Called once every existing heap is open: releases what only opening needed. */
    public void finishOpening() {
        commitLog.releaseLookups();
    }

    private synchronized PageFile heapFile(long tableId) {
        return heapFiles.computeIfAbsent(tableId, id -> files.openSegmented("tables/T" + id + ".heap", PageKind.HEAP));
    }

    private CommitHorizon trustedHorizon() {
        return checkpointer.trustedHorizon();
    }

    private synchronized List<PageFile> imageFiles(long tableId) {
        return imageFiles.computeIfAbsent(tableId, id -> List.of(files.open("tables/T" + id + ".vid",
            PageKind.DIRECTORY), files.open("tables/T" + id + ".vid.1", PageKind.DIRECTORY)));
    }

    /** Deletes the heap file of a dropped table. The heap must not be used afterwards. */
    public void dropHeap(long tableId) {
        checkpointer.excluding(() -> {
            PageFile file;
            List<PageFile> image;
            synchronized (this) {
                heaps.remove(tableId);
                file = heapFiles.remove(tableId);
                image = imageFiles.remove(tableId);
            }
            if (file != null) {
                pool.discard(file);
                files.delete(file);
            }
            if (image != null) {
                image.forEach(files::delete);
            }
        });
    }

    /**
     * Opens index {@code indexId} (named {@code name} in messages), whose entries refer to rows as {@code reference}
     * says: a B+tree in its own file, logged and recovered with the rest of the database, or an in-memory index in an
     * in-memory database. An index opened empty ({@link #indexOpenedEmpty}) is filled by the caller, which then
     * calls {@link #indexFilled}.
     */
    public synchronized TableIndex openIndex(long indexId, String name, TableIndex.Reference reference) {
        TableIndex open = indexes.get(indexId);
        if (open != null) {
            return open;
        }
        TableIndex index;
        if (files.isInMemory()) {
            index = new MemoryIndex(reference);
            emptyIndexes.add(indexId);
        } else {
            PageFile file = indexFile(indexId);
            BTree tree = file.pageCount() == 0 ? null : openTree(name, reference, file, indexId);
            if (tree == null && file.pageCount() > 0) {
                pool.discard(file);
                files.delete(file);
                indexFiles.remove(indexId);
                file = indexFile(indexId);
            }
            if (tree == null) {
                tree = BTree.create(name, reference, file, pool, redoLog, images, indexId);
                emptyIndexes.add(indexId);
            }
            index = tree;
        }
        indexes.put(indexId, index);
        return index;
    }

    /**
     * The tree in {@code file}, or null if it must be built again from its table: it was being filled when the
     * process stopped, or it is damaged (XX001), which also happens when replay ended early at a damaged log record
     * and the tree's pages hold changes from the records lost. An index is derived from its table's rows, so building
     * it again loses nothing.
     */
    private BTree openTree(String name, TableIndex.Reference reference, PageFile file, long indexId) {
        BTree tree;
        try {
            Long entries = knownEntries.remove(indexId);
            tree = BTree.open(name, reference, file, pool, redoLog, images, indexId, entries == null ? -1 : entries);
        } catch (org.verso.common.VersoException e) {
            if (e.code() != ErrorCode.DATA_CORRUPTED) {
                throw e;
            }
            return null;
        }
        if (!tree.isComplete()) {
            tree.close();
            return null;
        }
        return tree;
    }

    /**
     * Whether index {@code indexId} was opened empty by this process (a new index, an index whose file a crash left
     * without any page, or any index of an in-memory database), so that its table must fill it from its rows.
     */
    public synchronized boolean indexOpenedEmpty(long indexId) {
        return emptyIndexes.contains(indexId);
    }

    /** The I/O counters of index {@code indexId}'s file, or null for an index with no file (in memory). */
    public synchronized org.verso.storage.io.IoCounters indexIo(long indexId) {
        PageFile file = indexFiles.get(indexId);
        return file == null ? null : file.counters();
    }

    private synchronized PageFile indexFile(long indexId) {
        return indexFiles.computeIfAbsent(indexId, id -> files.open("indexes/I" + id + ".idx", PageKind.INDEX));
    }

    /** Drops index {@code indexId} and deletes its file. The index must not be used afterwards. */
    public void dropIndex(long indexId) {
        checkpointer.excluding(() -> {
            TableIndex index;
            PageFile file;
            synchronized (this) {
                index = indexes.remove(indexId);
                file = indexFiles.remove(indexId);
                emptyIndexes.remove(indexId);
            }
            if (index != null) {
                index.close();
            }
            if (file != null) {
                pool.discard(file);
                files.delete(file);
            }
        });
    }

    /**
     * Records that index {@code indexId} holds an entry for every row of its table, durably: until then, an index
     * found on disk at open is built again, so a crash in the middle of building one never leaves it partly filled.
     */
    public void indexFilled(long indexId) {
        TableIndex index;
        synchronized (this) {
            index = indexes.get(indexId);
            emptyIndexes.remove(indexId);
        }
        if (index instanceof BTree tree) {
            tree.markComplete();
            RedoLog log = redoLog;
            log.flushTo(log.appendedLsn());
        }
    }

    /** Reads a small metadata file (such as the catalog), or null if it does not exist. */
    public byte[] readMetadata(String name) {
        return files.readMetadata(name);
    }

    /**
     * Replaces a small metadata file atomically: the new contents go to a temporary file that is forced and then
     * renamed over the old one, so a crash leaves either the old or the new version.
     */
    public void writeMetadata(String name, byte[] contents) {
        files.writeMetadata(name, contents);
    }

    /** A fuzzy checkpoint now (see {@link Checkpointer}). */
    public void checkpoint() {
        checkpointer.checkpoint();
    }

    /** Checkpoints, closes every file and releases the directory lock. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        checkpointer.stop();
        pool.stopBackgroundWriter();
        pool.stopReadAhead();
        try {
            checkpoint();
            for (BTree tree : openTrees()) {
                tree.close();
            }
        } finally {
            try {
                if (wal != null) {
                    wal.close();
                }
            } finally {
                files.close();
            }
        }
    }

    @Override
    public String toString() {
        return displayName;
    }
}
