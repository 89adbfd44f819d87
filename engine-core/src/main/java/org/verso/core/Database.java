package org.verso.core;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.PersistentCatalog;
import org.verso.core.catalog.SequenceDefinition;
import org.verso.core.catalog.SequenceValues;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.ViewDefinition;
import org.verso.core.metrics.DatabaseMeters;
import org.verso.core.metrics.EngineMetrics;
import org.verso.core.system.InformationSchema;
import org.verso.core.system.SystemView;
import org.verso.core.system.SystemViews;
import org.verso.core.table.ReadableTable;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.core.tx.TransactionManager;
import org.verso.storage.StorageEngine;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.index.TableIndex;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.tuple.RowCodec;

/**
 * An open database: its storage, catalog, tables and transaction manager.
 *
 * <p>Operations by purpose:
 * <ul>
 *   <li>lifecycle: {@link #open}, {@link #close}, {@link #isClosed};</li>
 *   <li>transactions: {@link #begin};</li>
 *   <li>schema: {@link #catalog}, {@link #createTable}, {@link #dropTable}, {@link #createIndex},
 *       {@link #dropIndex} (DDL is not transactional: it takes effect at once and is durable when the call
 *       returns); views, sequences, schemas and ALTER TABLE are grouped at the end of the class;</li>
 *   <li>data: {@link #table} gives the table-access API;</li>
 *   <li>observation: {@link #io} (the engine's I/O accounting), {@link #meterRegistry}.</li>
 * </ul>
 *
 * <p>Opening recovers: it redoes the write-ahead log since the last checkpoint, then rebuilds every table's version
 * directory and indexes from its heap. Closing rolls back running transactions, checkpoints and releases the
 * directory lock.
 *
 * <p>Thread safety: thread safe. DDL is serialised by the database's monitor.
 */
public final class Database implements AutoCloseable {
    private final DatabaseConfig config;
    private final StorageEngine storage;
    private final PersistentCatalog catalog;
    private final SequenceValues sequenceValues;
    private final TransactionManager transactions;
    private final Map<String, Table> tables = new ConcurrentHashMap<>();
    private final EngineMetrics transactionCounts = new EngineMetrics();
    /** The meters, once bound: at opening with the embedder's registry, else when {@link #meterRegistry} is asked. */
    private volatile DatabaseMeters meters;
    private final List<SystemView> systemViews;
    private static final long FORGET_MILLIS = 100;
    private final Thread versionCollector;
    private volatile boolean closed;
    /** The catalog version that the last ALTER TABLE ADD or DROP COLUMN made; 0 before any. */
    private volatile long columnsChangedAt;
    /** Odd while ALTER TABLE changes a table's columns; incremented at its start and at its end. */
    private volatile long columnsEpoch;

    private Database(DatabaseConfig config) {
        this.config = config;
        this.storage = config.isInMemory()
            ? StorageEngine.inMemory(config.memoryName(), config.storageOptions())
            : StorageEngine.open(config.directory(), config.storageOptions());
        try {
            this.catalog = PersistentCatalog.load(storage);
            this.sequenceValues = SequenceValues.load(storage);
            storage.recover(catalog.tables().stream().map(TableDefinition::id)
                .collect(java.util.stream.Collectors.toSet()), catalog.tables().stream()
                .flatMap(t -> t.indexes().stream()).map(IndexDefinition::id)
                .collect(java.util.stream.Collectors.toSet()));
            AtomicLong maxTxid = new AtomicLong(storage.commitLog().maxCommitTimestamp());
            Map<TableDefinition, TableHeap> heaps = new java.util.LinkedHashMap<>();
            for (TableDefinition def : catalog.tables()) {
                heaps.put(def, storage.openHeap(def.id(), def.name(), def.layout().name(), codecOf(def),
                    txid -> maxTxid.accumulateAndGet(txid, Math::max)));
            }
            storage.finishOpening();
            this.transactions = new TransactionManager(maxTxid.get(), storage.commitLog(), storage.redoLog(),
                transactionCounts);
            heaps.forEach((def, heap) -> {
                Table table = newTable(def, heap);
                table.fillIndexes(storage::indexOpenedEmpty);
                def.indexes().forEach(index -> storage.indexFilled(index.id()));
                tables.put(def.name(), table);
            });
            if (config.meterRegistry() != null) {
                bindMeters(config.meterRegistry());
            }
            this.systemViews = InformationSchema.addTo(SystemViews.of(storage.io(), storage.bufferPool(),
                () -> List.copyOf(tables.values()), storage::indexIo), catalog);
            this.versionCollector = new Thread(this::forgetVersionsPeriodically, "verso-version-collector");
            versionCollector.setDaemon(true);
            versionCollector.start();
        } catch (RuntimeException e) {
            storage.close();
            throw e;
        }
    }

    private Table newTable(TableDefinition def, TableHeap heap) {
        Map<Long, TableIndex> indexes = new java.util.HashMap<>();
        for (IndexDefinition index : def.indexes()) {
            indexes.put(index.id(), openIndex(index));
        }
        return new Table(def, heap, indexes, transactions);
    }

    /** The storage of an index: what its entries reference follows its kind. */
    private TableIndex openIndex(IndexDefinition index) {
        return storage.openIndex(index.id(), index.name(), index.kind() == IndexKind.BTREE
            ? TableIndex.Reference.VERSION_ADDRESS : TableIndex.Reference.ROW_ID);
    }

    /** Opens (creating if needed) the database that {@code config} describes. */
    public static Database open(DatabaseConfig config) {
        return new Database(config);
    }

    /**
     * The row codec of a table; columns added by ALTER TABLE read as their added value in older rows, and the places
     * of dropped columns are skipped.
     */
    private static RowCodec codecOf(TableDefinition def) {
        return new RowCodec(def.storedTypes(), def.storedAddedValues(), def.droppedPlaces());
    }

    /** The directory path or {@code mem:NAME}. */
    public String name() {
        return config.describe();
    }

    public DatabaseConfig config() {
        return config;
    }

    public Catalog catalog() {
        return catalog;
    }

    /** Starts a transaction; its snapshot is taken at its first read or write. */
    public Transaction begin(IsolationLevel isolation) {
        checkOpen();
        return transactions.begin(isolation);
    }

    /** Creates a table (the definition's id is ignored; the catalog assigns one) and returns its definition. */
    public synchronized TableDefinition createTable(TableDefinition definition) {
        checkOpen();
        TableDefinition created = catalog.add(definition);
        TableHeap heap = storage.openHeap(created.id(), created.name(), created.layout().name(), codecOf(created),
            txid -> { });
        tables.put(created.name(), newTable(created, heap));
        created.indexes().forEach(index -> storage.indexFilled(index.id()));
        refreshIndexMeters();
        return created;
    }

    /**
     * Creates an index on table {@code tableName}; fails with 42P01 if there is no such table and 42P07 if the
     * index name is taken. Returns the table's new definition.
     */
    public synchronized TableDefinition createIndex(String tableName, IndexDefinition index) {
        checkOpen();
        Table table = table(tableName);
        IndexDefinition numbered = catalog.prepareIndex(tableName, index);
        TableIndex storageIndex = openIndex(numbered);
        try {
            table.addIndex(numbered, storageIndex);
            storage.indexFilled(numbered.id());
        } catch (RuntimeException e) {
            storage.dropIndex(numbered.id());
            throw e;
        }
        TableDefinition changed;
        try {
            changed = catalog.addIndex(tableName, numbered);
        } catch (RuntimeException e) {
            table.removeIndex(numbered.name());
            storage.dropIndex(numbered.id());
            throw e;
        }
        table.definitionChanged(changed);
        refreshIndexMeters();
        return changed;
    }

    /**
     * Drops an index made by CREATE INDEX; fails with 42704 if there is none of that name and with 2BP01 if it backs
     * a PRIMARY KEY or UNIQUE constraint (drop the constraint instead).
     */
    public synchronized TableDefinition dropIndex(String indexName) {
        return dropIndex(indexName, false);
    }

    /**
     * As {@link #dropIndex(String)}; a foreign key that relies on the index as the unique key it references fails the
     * drop with 2BP01, or with {@code cascade} is removed from its table.
     */
    public synchronized TableDefinition dropIndex(String indexName, boolean cascade) {
        checkOpen();
        TableDefinition owner = catalog.tableOfIndex(indexName)
            .orElseThrow(() -> ErrorCode.INDEX_NOT_FOUND.exception(indexName));
        IndexDefinition index = owner.index(indexName).orElseThrow();
        if (index.origin() != IndexOrigin.CREATE_INDEX) {
            throw ErrorCode.DEPENDENT_OBJECTS.exception("index " + indexName,
                (index.isPrimaryKey() ? "the primary key" : "a unique constraint") + " of table " + owner.name());
        }
        return removeIndex(owner, index, cascade);
    }

    /**
     * Drops the UNIQUE constraint {@code name} of table {@code tableName} with its index; foreign keys that rely on
     * it fail the drop with 2BP01 or, with {@code cascade}, go too. Fails with 42704 if the table has no such
     * constraint.
     */
    public synchronized TableDefinition dropUniqueConstraint(String tableName, String name, boolean cascade) {
        checkOpen();
        TableDefinition owner = table(tableName).definition();
        IndexDefinition index = owner.index(name).filter(i -> i.origin() == IndexOrigin.UNIQUE_CONSTRAINT)
            .orElseThrow(() -> ErrorCode.CONSTRAINT_NOT_FOUND.exception(name, tableName));
        return removeIndex(owner, index, cascade);
    }

    private TableDefinition removeIndex(TableDefinition owner, IndexDefinition index, boolean cascade) {
        TableDefinition changed = catalog.removeIndex(index.name(), cascade);
        Table table = table(owner.name());
        table.removeIndex(index.name());
        refreshDefinitions();
        storage.dropIndex(index.id());
        refreshIndexMeters();
        return changed;
    }

    /** Gives every table whose definition the catalog changed (a DDL statement may change several) the new one. */
    private void refreshDefinitions() {
        for (Table table : tables.values()) {
            catalog.table(table.definition().name()).filter(d -> d != table.definition())
                .ifPresent(table::definitionChanged);
        }
    }

    /**
     * Drops a table, its indexes and its data; fails with 42P01 if it does not exist and 2BP01 if a view or another
     * table's foreign key depends on it.
     */
    public synchronized void dropTable(String name) {
        dropTable(name, false);
    }

    /**
     * Drops a table, its data and the sequences of its identity columns. With {@code cascade}, views that read it are
     * dropped and other tables' foreign keys to it removed; without, they fail the drop with 2BP01.
     */
    public synchronized void dropTable(String name, boolean cascade) {
        checkOpen();
        List<SequenceDefinition> owned = catalog.sequences().stream().filter(s -> name.equals(s.ownerTable()))
            .toList();
        TableDefinition removed = catalog.removeTable(name, cascade);
        owned.forEach(sequenceValues::remove);
        Table table = tables.remove(name);
        if (table != null) {
            table.close();
        }
        storage.dropHeap(removed.id());
        for (IndexDefinition index : removed.indexes()) {
            storage.dropIndex(index.id());
        }
        refreshIndexMeters();
    }

    /** The table-access API of a table; fails with 42P01 if it does not exist. */
    public Table table(String name) {
        checkOpen();
        Table table = tables.get(name);
        if (table == null) {
            if (name.startsWith(SystemView.SCHEMA + ".")) {
                throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("changing system view " + name);
            }
            throw ErrorCode.TABLE_NOT_FOUND.exception(name);
        }
        return table;
    }

    /** A table or, for a name {@code SYS.X}, a system view, for reading. */
    public ReadableTable readable(String name) {
        checkOpen();
        for (SystemView view : systemViews) {
            if (view.definition().name().equals(name)) {
                return view;
            }
        }
        return table(name);
    }

    /**
     * The system views: I/O counters, buffer pool and version directory figures (schema {@code SYS}) and the
     * catalog (schema {@code INFORMATION_SCHEMA}).
     */
    public List<SystemView> systemViews() {
        return systemViews;
    }

    /** The key-share locks foreign-key checks hold and remember, for tests. */
    org.verso.core.tx.KeyShareLocks keyShareLocks() {
        return transactions.keyShares();
    }

    /**
     * Forgets, in every table, the versions that no running snapshot can see any more; a background thread does this
     * every {@value #FORGET_MILLIS} ms. Called explicitly, it also looks for heap space to give back in every table
     * that lost versions since it last looked, which the background rounds do only when enough was forgotten.
     */
    public void forgetVersions() {
        checkOpen();
        for (Table table : tables.values()) {
            table.requestReclamation();
        }
        forget();
    }

    private void forget() {
        long horizon = transactions.oldestSnapshot();
        long oldestRunning = transactions.oldestRunningTxid();
        for (Table table : tables.values()) {
            table.forgetVersions(horizon, transactions::clock, oldestRunning);
        }
        transactions.keyShares().forget(horizon);
        // Also catches the indexes that ALTER TABLE, schema and view DDL added or removed.
        refreshIndexMeters();
    }

    private void forgetVersionsPeriodically() {
        while (!closed) {
            try {
                Thread.sleep(FORGET_MILLIS);
                forgetVersions();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // A table dropped or the database closed meanwhile: the next round sees the new state.
            }
        }
    }

    // ---- Catalog objects beyond tables: ALTER TABLE, identity sequences, views, sequences, schemas.

    /**
     * Creates a table together with the sequences of its identity columns (owned by the table), and returns the
     * table's definition.
     */
    public synchronized TableDefinition createTable(TableDefinition definition, List<SequenceDefinition> owned) {
        checkOpen();
        TableDefinition created = catalog.add(definition, owned);
        TableHeap heap = storage.openHeap(created.id(), created.name(), created.layout().name(), codecOf(created),
            txid -> { });
        tables.put(created.name(), newTable(created, heap));
        created.indexes().forEach(index -> storage.indexFilled(index.id()));
        return created;
    }

    /**
     * Replaces a table's definition (ALTER TABLE): the columns and primary key stay, columns may be added at the end
     * and constraints added or removed. Rows already stored keep their shape and read an added column as its
     * {@link ColumnDefinition#addedValue()}; the caller has checked the table's rows against new constraints. A
     * statement planned before an added column and still running fails ({@link #columnsChanged}).
     */
    public synchronized TableDefinition alterTable(TableDefinition changed) {
        checkOpen();
        Table table = table(changed.name());
        TableDefinition before = table.definition();
        if (changed.columnCount() == before.columnCount()) {
            return replaceDefinition(table, before, changed);
        }
        columnsEpoch++; // odd: statements that overlap the change fail (see columnsChanged)
        try {
            TableDefinition stored = replaceDefinition(table, before, changed);
            columnsChangedAt = catalog.version();
            return stored;
        } finally {
            columnsEpoch++;
        }
    }

    private TableDefinition replaceDefinition(Table table, TableDefinition before, TableDefinition changed) {
        TableDefinition stored = catalog.replace(changed);
        table.columnsChanged(stored, codecOf(stored));
        List<IndexDefinition> built = new java.util.ArrayList<>();
        try {
            for (IndexDefinition index : stored.indexes()) {
                if (before.index(index.name()).isEmpty()) {
                    try {
                        table.addIndex(index, openIndex(index));
                        storage.indexFilled(index.id());
                    } catch (RuntimeException e) {
                        storage.dropIndex(index.id());
                        throw e;
                    }
                    built.add(index);
                }
            }
        } catch (RuntimeException e) {
            // A new UNIQUE constraint that the rows break (23505): nothing of the change remains.
            for (IndexDefinition index : built) {
                table.removeIndex(index.name());
                storage.dropIndex(index.id());
            }
            catalog.replace(before);
            table.columnsChanged(before, codecOf(before));
            throw e;
        }
        for (IndexDefinition index : before.indexes()) {
            if (stored.index(index.name()).isEmpty()) {
                table.removeIndex(index.name());
                storage.dropIndex(index.id());
            }
        }
        return stored;
    }

    /**
     * Drops column {@code column} of a table (ALTER TABLE DROP COLUMN); {@code changed} and the rest are as
     * {@link PersistentCatalog#dropColumn} takes them. Stored rows keep the column's value, which is no longer read;
     * the indexes that contained the column are dropped. A statement planned before the drop and still running
     * reads and writes rows of the old columns: {@link #columnsChanged} lets the SQL layer fail it.
     */
    public synchronized TableDefinition dropColumn(TableDefinition changed, int column, Set<String> viewsReadingIt,
                                                   boolean cascade) {
        checkOpen();
        Table table = table(changed.name());
        TableDefinition before = table.definition();
        Optional<SequenceDefinition> sequence = Optional.ofNullable(before.column(column).identity())
            .flatMap(identity -> catalog.sequence(identity.sequence()));
        columnsEpoch++; // odd: statements that overlap the change fail, whatever catalog version they planned at
        try {
            TableDefinition stored = catalog.dropColumn(changed, column, viewsReadingIt, cascade);
            for (IndexDefinition index : before.indexes()) {
                if (stored.index(index.name()).isEmpty()) {
                    table.removeIndex(index.name());
                    storage.dropIndex(index.id());
                }
            }
            table.columnsChanged(stored, codecOf(stored));
            refreshDefinitions(); // foreign keys of other tables that referenced the table's later columns moved
            sequence.ifPresent(sequenceValues::remove);
            refreshIndexMeters();
            columnsChangedAt = catalog.version();
            return stored;
        } finally {
            columnsEpoch++;
        }
    }

    /**
     * Waits while ALTER TABLE changes a table's columns, so that a statement about to start is planned and run after
     * the change instead of failing for overlapping it. Costs one volatile read when nothing changes.
     */
    public void awaitColumns() {
        while ((columnsEpoch & 1) != 0) {
            synchronized (this) { // held by the change until it is complete
                checkOpen();
            }
        }
    }

    /** A mark to take when a statement starts, for {@link #columnsChanged}. */
    public long columnsMark() {
        return columnsEpoch;
    }

    /**
     * Whether a statement planned at catalog version {@code catalogVersion}, which took {@code mark} when it started,
     * may have read or written rows whose columns are not the ones it planned with: an ADD or DROP COLUMN came after
     * its plan or overlapped its run. Such a statement must fail; planned again, it runs.
     */
    public boolean columnsChanged(long catalogVersion, long mark) {
        return (mark & 1) != 0 || columnsEpoch != mark || columnsChangedAt > catalogVersion;
    }

    /**
     * Renames a table (see {@link PersistentCatalog#renameTable}). Its data, indexes and files stay as they are: they
     * are known by the table's id. A statement that names the old name and runs after the rename fails with 42P01.
     */
    public synchronized TableDefinition renameTable(String name, String newName) {
        checkOpen();
        Table table = table(name);
        TableDefinition renamed = catalog.renameTable(name, newName);
        tables.put(newName, table);
        tables.remove(name);
        refreshDefinitions();
        refreshIndexMeters();
        return renamed;
    }

    /** Creates (or, with {@code replace}, replaces) a view. */
    public synchronized ViewDefinition createView(ViewDefinition view, boolean replace) {
        checkOpen();
        return catalog.addView(view, replace);
    }

    /** Drops a view; views that read it fail the drop (2BP01) or, with {@code cascade}, are dropped too. */
    public synchronized void dropView(String name, boolean cascade) {
        checkOpen();
        catalog.removeView(name, cascade);
    }

    /** Creates a sequence and returns its definition with the catalog-assigned id. */
    public synchronized SequenceDefinition createSequence(SequenceDefinition sequence) {
        checkOpen();
        return catalog.addSequence(sequence);
    }

    /** Drops a sequence; 42P01 if there is none, 2BP01 for the sequence of an identity column. */
    public synchronized void dropSequence(String name) {
        checkOpen();
        sequenceValues.remove(catalog.removeSequence(name));
    }

    /**
     * The next value of a sequence: never handed out before, even across a crash, and not given back when the
     * transaction rolls back. Not serialised with DDL: sequences are independent of each other.
     */
    public long nextValue(String sequence) {
        checkOpen();
        SequenceDefinition definition = catalog.sequence(sequence)
            .orElseThrow(() -> ErrorCode.OBJECT_NOT_FOUND.exception("sequence", sequence));
        return sequenceValues.next(definition);
    }

    /** Makes {@code value} the next value of a sequence (ALTER SEQUENCE ... RESTART); 42P01 if there is none. */
    public void restartSequence(String sequence, long value) {
        checkOpen();
        SequenceDefinition definition = catalog.sequence(sequence)
            .orElseThrow(() -> ErrorCode.OBJECT_NOT_FOUND.exception("sequence", sequence));
        sequenceValues.restart(definition, value);
    }

    /** Creates a schema (42P06 if it exists). */
    public synchronized void createSchema(String schema) {
        checkOpen();
        catalog.addSchema(schema);
    }

    /** Drops an empty schema (2BP01 while it holds objects). */
    public synchronized void dropSchema(String schema) {
        checkOpen();
        catalog.removeSchema(schema);
    }

    /** Runs a checkpoint now (one also runs in the background whenever enough log has accumulated). */
    public void checkpoint() {
        checkOpen();
        storage.checkpoint();
    }

    /** The engine's I/O counters, per file and per page kind. */
    public IoAccounting io() {
        return storage.io();
    }

    /**
     * The registry holding the database's meters ({@link DatabaseMeters}): the one given by
     * {@link DatabaseConfig#withMeterRegistry}, or else a {@code SimpleMeterRegistry} of the database's own, made and
     * filled at the first call.
     */
    public MeterRegistry meterRegistry() {
        DatabaseMeters bound = meters;
        return bound != null ? bound.registry() : bindMeters(null).registry();
    }

    private synchronized DatabaseMeters bindMeters(MeterRegistry registry) {
        if (meters == null) {
            DatabaseMeters bound = DatabaseMeters.bind(registry, config.describe(), transactionCounts, storage.io(),
                storage.bufferPool(), storage::indexIo);
            bound.refreshIndexes(tables.values());
            meters = bound;
        }
        return meters;
    }

    /** Called after DDL: the meters of new indexes are added and those of dropped ones removed, if bound. */
    private void refreshIndexMeters() {
        DatabaseMeters bound = meters;
        if (bound != null) {
            bound.refreshIndexes(tables.values());
        }
    }

    /** Number of transactions waiting, right now, for another transaction to end (a row it writes or locks). */
    public int waitingTransactions() {
        return transactions.waitingCount();
    }

    /** Number of transactions begun and not yet ended. */
    public int activeTransactions() {
        return transactions.activeCount();
    }

    public boolean isClosed() {
        return closed;
    }

    private void checkOpen() {
        if (closed) {
            throw ErrorCode.DATABASE_CLOSED.exception(name());
        }
    }

    /** Rolls back running transactions, writes all data and releases the database. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        versionCollector.interrupt();
        try {
            versionCollector.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            transactions.abortAll();
            // Before the last checkpoint: the next open keeps only each row's newest version, and the index entries
            // that only the others had would never be found again.
            try {
                forget();
            } catch (RuntimeException e) {
                // A full disk: the entries stay, and lookups through them skip the versions they name.
            }
            sequenceValues.close();
            for (Table table : List.copyOf(tables.values())) {
                table.close();
            }
        } finally {
            storage.close();
        }
    }
}
