package org.verso.core.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.RowCursor;
import org.verso.common.VersoException;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.core.tx.WaitPolicy;

/**
 * The contract of an index kind, through the table-access API: unique keys under concurrent inserts, secondary
 * indexes that serve older snapshots, index builds on existing rows, range scans, persistence, and what each kind
 * costs on the engine's own counters. Every index of the table under test, its primary key included, is of the
 * subclass's kind.
 */
abstract class AbstractIndexAccessTest {
    private Database db;
    private Table people;

    /** The kind of every index the tests create. */
    protected abstract IndexKind kind();

    /** PEOPLE(ID INTEGER PRIMARY KEY, EMAIL VARCHAR(40), CITY VARCHAR(20)). */
    private TableDefinition peopleTable() {
        return new TableDefinition(0, "PEOPLE", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("EMAIL", DataType.varchar(40), true),
            new ColumnDefinition("CITY", DataType.varchar(20), true)), TableLayout.SIAS,
            List.of(IndexDefinition.of("PEOPLE_PKEY", new int[] {0}, true, kind(), IndexOrigin.PRIMARY_KEY)));
    }

    private IndexDefinition index(String name, int column, boolean unique) {
        return IndexDefinition.of(name, new int[] {column}, unique, kind(), IndexOrigin.CREATE_INDEX);
    }

    private boolean versionOblivious() {
        return kind() == IndexKind.BTREE;
    }

    @BeforeEach
    void open() {
        db = Database.open(DatabaseConfig.inMemory("index-access"));
        db.createTable(peopleTable());
        people = db.table("PEOPLE");
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Transaction begin() {
        return db.begin(IsolationLevel.SNAPSHOT);
    }

    private void commitInsert(Object... row) {
        Transaction tx = begin();
        people.insert(tx, row);
        tx.commit();
    }

    private static List<Integer> ids(RowCursor rows) {
        List<Integer> ids = new ArrayList<>();
        try (rows) {
            while (rows.next()) {
                ids.add((Integer) rows.row()[0]);
            }
        }
        return ids;
    }

    private static void awaitWaiting(Transaction tx) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (tx.waitingForTxid() < 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("transaction " + tx.id() + " never started to wait");
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void aSecondInserterOfAKeyWaitsAndFailsIfTheFirstCommits() throws Exception {
        Transaction first = begin();
        people.insert(first, new Object[] {1, "a@x", "Oslo"});
        Transaction second = begin();
        CompletableFuture<Object> attempt = CompletableFuture.supplyAsync(() -> {
            try {
                return people.insert(second, new Object[] {1, "b@x", "Rome"});
            } catch (VersoException e) {
                return e.sqlState();
            }
        });
        awaitWaiting(second);
        assertEquals(first.id(), second.waitingForTxid());
        first.commit();
        assertEquals("23505", attempt.get(30, TimeUnit.SECONDS));
        assertTrue(second.isActive(), "a duplicate key fails the statement, not the transaction");
        second.rollback();
    }

    @Test
    void aSecondInserterOfAKeyProceedsIfTheFirstRollsBack() throws Exception {
        Transaction first = begin();
        people.insert(first, new Object[] {1, "a@x", "Oslo"});
        Transaction second = begin();
        CompletableFuture<Long> attempt = CompletableFuture.supplyAsync(
            () -> people.insert(second, new Object[] {1, "b@x", "Rome"}));
        awaitWaiting(second);
        first.rollback();
        attempt.get(30, TimeUnit.SECONDS);
        second.commit();
        Transaction reader = begin();
        try (RowCursor row = people.lookup(reader, new Object[] {1})) {
            assertTrue(row.next());
            assertEquals("b@x", row.row()[1]);
            assertFalse(row.next());
        }
    }

    @Test
    void reinsertingAKeyDeletedAfterTheSnapshotIsAWriteConflict() {
        commitInsert(1, "a@x", "Oslo");
        Transaction mine = begin();
        mine.snapshot();
        Transaction deleter = begin();
        try (RowCursor row = people.lookup(deleter, new Object[] {1})) {
            assertTrue(row.next());
            assertTrue(people.delete(deleter, row.rowId()));
        }
        deleter.commit();
        VersoException e = assertThrows(VersoException.class,
            () -> people.insert(mine, new Object[] {1, "again@x", "Oslo"}));
        assertEquals("40001", e.sqlState(), e.getMessage());
        assertFalse(mine.isActive());
        Transaction later = begin();
        people.insert(later, new Object[] {1, "later@x", "Oslo"});
        later.commit();
    }

    @Test
    void noWaitFailsAtOnceWith55P03() {
        Transaction holder = begin();
        people.insert(holder, new Object[] {1, "a@x", "Oslo"});
        Transaction impatient = begin();
        impatient.setWaitPolicy(WaitPolicy.NO_WAIT);
        VersoException e = assertThrows(VersoException.class,
            () -> people.insert(impatient, new Object[] {1, "b@x", "Rome"}));
        assertEquals("55P03", e.sqlState());
        assertTrue(impatient.isActive());
        holder.rollback();
        impatient.rollback();
    }

    @Test
    void aSecondaryIndexKeepsOldKeysForOldSnapshots() {
        db.createIndex("PEOPLE", index("PEOPLE_CITY", 2, false));
        commitInsert(1, "a@x", "Oslo");
        commitInsert(2, "b@x", "Oslo");
        commitInsert(3, "c@x", "Rome");
        Transaction old = begin();
        assertEquals(List.of(1, 2), sorted(ids(people.lookup(old, "PEOPLE_CITY", new Object[] {"Oslo"}))));

        Transaction mover = begin();
        long rowId;
        try (RowCursor row = people.lookup(mover, new Object[] {1})) {
            assertTrue(row.next());
            rowId = row.rowId();
        }
        assertTrue(people.update(mover, rowId, new Object[] {1, "a@x", "Rome"}));
        mover.commit();

        assertEquals(List.of(1, 2), sorted(ids(people.lookup(old, "PEOPLE_CITY", new Object[] {"Oslo"}))),
            "the old snapshot still finds the row under its old key");
        assertEquals(List.of(3), ids(people.lookup(old, "PEOPLE_CITY", new Object[] {"Rome"})));
        Transaction fresh = begin();
        assertEquals(List.of(2), ids(people.lookup(fresh, "PEOPLE_CITY", new Object[] {"Oslo"})),
            "the stale entry is rechecked against the version found");
        assertEquals(List.of(1, 3), sorted(ids(people.lookup(fresh, "PEOPLE_CITY", new Object[] {"Rome"}))));
    }

    /** MV-IDX adds no entry for an update that keeps the key; the version-oblivious index adds one per version. */
    @Test
    void anUpdateThatKeepsTheKeyAddsAnEntryOnlyToAVersionObliviousIndex() {
        db.createIndex("PEOPLE", index("PEOPLE_CITY", 2, false));
        commitInsert(1, "a@x", "Oslo");
        long before = people.indexStatistics().get("PEOPLE_CITY").entries();
        // An older snapshot keeps the first version, so the version collector cannot drop its entry meanwhile.
        Transaction old = begin();
        old.snapshot();
        Transaction tx = begin();
        try (RowCursor row = people.lookup(tx, new Object[] {1})) {
            assertTrue(row.next());
            people.update(tx, row.rowId(), new Object[] {1, "new@x", "Oslo"});
        }
        tx.commit();
        long added = versionOblivious() ? 1 : 0;
        assertEquals(before + added, people.indexStatistics().get("PEOPLE_CITY").entries());
        assertEquals(before + added, people.indexStatistics().get("PEOPLE_PKEY").entries());
        old.commit();
    }

    /**
     * Where the two kinds differ on a read, counted by the table: an old snapshot and a new one each look up a row
     * that was updated four times without changing its key. MV-IDX fetches exactly the one version each sees; the
     * version-oblivious index fetches all five versions for each reader and returns one.
     */
    @Test
    void invisibleVersionsAreFetchedOnlyByAVersionObliviousIndex() {
        commitInsert(1, "v0", "Oslo");
        Transaction old = begin();
        old.snapshot();
        for (int i = 1; i <= 4; i++) {
            Transaction tx = begin();
            try (RowCursor row = people.lookup(tx, new Object[] {1})) {
                assertTrue(row.next());
                people.update(tx, row.rowId(), new Object[] {1, "v" + i, "Oslo"});
            }
            tx.commit();
        }
        IndexReadFigures before = people.indexReads().get("PEOPLE_PKEY");
        try (RowCursor row = people.lookup(old, new Object[] {1})) {
            assertTrue(row.next());
            assertEquals("v0", row.row()[1]);
            assertFalse(row.next());
        }
        Transaction fresh = begin();
        try (RowCursor row = people.lookup(fresh, new Object[] {1})) {
            assertTrue(row.next());
            assertEquals("v4", row.row()[1]);
            assertFalse(row.next());
        }
        IndexReadFigures after = people.indexReads().get("PEOPLE_PKEY");
        long fetched = after.tuplesFetched() - before.tuplesFetched();
        long wasted = after.fetchedNotReturned() - before.fetchedNotReturned();
        assertEquals(versionOblivious() ? 10 : 2, fetched, "tuples fetched by two lookups");
        assertEquals(versionOblivious() ? 8 : 0, wasted, "fetched versions the reader does not see");
    }

    @Test
    void aUniqueSecondaryIndexRefusesDuplicatesButNotNulls() {
        db.createIndex("PEOPLE", index("PEOPLE_EMAIL", 1, true));
        commitInsert(1, "a@x", "Oslo");
        commitInsert(2, null, "Oslo");
        commitInsert(3, null, "Rome");
        Transaction tx = begin();
        VersoException e = assertThrows(VersoException.class,
            () -> people.insert(tx, new Object[] {4, "a@x", "Rome"}));
        assertEquals("23505", e.sqlState());
        assertTrue(e.getMessage().contains("(EMAIL)=(a@x)"), e.getMessage());
        tx.rollback();
    }

    @Test
    void buildingAUniqueIndexOnDuplicateRowsFails() {
        commitInsert(1, "a@x", "Oslo");
        commitInsert(2, "a@x", "Rome");
        VersoException e = assertThrows(VersoException.class,
            () -> db.createIndex("PEOPLE", index("PEOPLE_EMAIL", 1, true)));
        assertEquals("23505", e.sqlState());
        assertTrue(db.catalog().table("PEOPLE").orElseThrow().index("PEOPLE_EMAIL").isEmpty());
        db.createIndex("PEOPLE", index("PEOPLE_EMAIL", 1, false));
        Transaction tx = begin();
        assertEquals(List.of(1, 2), sorted(ids(people.lookup(tx, "PEOPLE_EMAIL", new Object[] {"a@x"}))));
    }

    @Test
    void rangeScansInBothDirections() {
        for (int i = 0; i < 20; i++) {
            commitInsert(i, "e" + i, "c" + (i % 3));
        }
        Transaction tx = begin();
        assertEquals(List.of(5, 6, 7, 8, 9, 10), ids(people.scan(tx, "PEOPLE_PKEY",
            new IndexRange(new Object[] {5}, true, new Object[] {10}, true), false)));
        assertEquals(List.of(9, 8, 7, 6), ids(people.scan(tx, "PEOPLE_PKEY",
            new IndexRange(new Object[] {5}, false, new Object[] {10}, false), true)));
        assertEquals(List.of(19), ids(people.scan(tx, "PEOPLE_PKEY",
            new IndexRange(null, true, null, true), true)).subList(0, 1));
    }

    @Test
    void dropIndexAndConstraintIndexes() {
        db.createIndex("PEOPLE", index("PEOPLE_CITY", 2, false));
        VersoException e = assertThrows(VersoException.class, () -> db.dropIndex("PEOPLE_PKEY"));
        assertEquals("2BP01", e.sqlState());
        db.dropIndex("PEOPLE_CITY");
        assertEquals("42704", assertThrows(VersoException.class, () -> db.dropIndex("PEOPLE_CITY")).sqlState());
        Transaction tx = begin();
        assertEquals("42704", assertThrows(VersoException.class,
            () -> people.lookup(tx, "PEOPLE_CITY", new Object[] {"Oslo"})).sqlState());
    }

    /**
     * A file database keeps its indexes on disk: reopening reads them and writes nothing. An index file that is lost,
     * or damaged, is built again from the table's rows (an index is derived data), so lookups stay right.
     */
    @Test
    void indexesAreKeptOnDiskAndBuiltAgainOnlyWhenLostOrDamaged(@TempDir Path dir) throws Exception {
        long cityIndex;
        try (Database file = Database.open(DatabaseConfig.directory(dir))) {
            file.createTable(peopleTable());
            file.createIndex("PEOPLE", index("PEOPLE_CITY", 2, false));
            cityIndex = file.catalog().table("PEOPLE").orElseThrow().index("PEOPLE_CITY").orElseThrow().id();
            Transaction tx = file.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < 2000; i++) {
                file.table("PEOPLE").insert(tx, new Object[] {i, "e" + i, i % 2 == 0 ? "Oslo" : "Rome"});
            }
            tx.commit();
        }
        String indexFile = "indexes/I" + cityIndex + ".idx";
        try (Database file = Database.open(DatabaseConfig.directory(dir))) {
            assertEquals(1, file.io().file(indexFile).pagesRead(),
                "opening read only the index's meta page: the clean close recorded its number of entries");
            assertEquals(0, file.io().file(indexFile).pagesWritten(), "and did not build it again");
            assertEquals(2000, file.table("PEOPLE").indexStatistics().get("PEOPLE_CITY").entries());
            assertRomeAndSeven(file);
        }
        java.nio.file.Path path = dir.resolve(indexFile);
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(path,
            java.nio.file.StandardOpenOption.WRITE)) {
            channel.write(java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}), 8192 + 100);
        }
        try (Database file = Database.open(DatabaseConfig.directory(dir))) {
            assertRomeAndSeven(file);
        }
        java.nio.file.Files.delete(path);
        try (Database file = Database.open(DatabaseConfig.directory(dir))) {
            assertRomeAndSeven(file);
        }
    }

    /**
     * MV-IDX's write saving, counted by the engine's I/O accounting: updates that keep every indexed key write no
     * index page, however many there are; updates that change a key write the index. A version-oblivious index is
     * written by every update.
     */
    @Test
    void onlyUpdatesThatChangeAKeyWriteMvIdxPages(@TempDir Path dir) {
        try (Database file = Database.open(DatabaseConfig.directory(dir))) {
            file.createTable(peopleTable());
            file.createIndex("PEOPLE", index("PEOPLE_CITY", 2, false));
            Table table = file.table("PEOPLE");
            Transaction tx = file.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < 1000; i++) {
                table.insert(tx, new Object[] {i, "e" + i, i % 2 == 0 ? "Oslo" : "Rome"});
            }
            tx.commit();
            file.checkpoint();
            long indexPages = indexPagesWritten(file);
            for (int round = 0; round < 5; round++) {
                Transaction update = file.begin(IsolationLevel.SNAPSHOT);
                for (int i = 0; i < 1000; i++) {
                    try (RowCursor row = table.lookup(update, new Object[] {i})) {
                        assertTrue(row.next());
                        table.update(update, row.rowId(), new Object[] {i, "r" + round + "-" + i, row.row()[2]});
                    }
                }
                update.commit();
            }
            file.checkpoint();
            if (versionOblivious()) {
                assertTrue(indexPagesWritten(file) > indexPages + 10, "5,000 new versions, 10,000 new entries");
                return;
            }
            assertEquals(indexPages, indexPagesWritten(file), "5,000 updates of a column no index has");
            Transaction move = file.begin(IsolationLevel.SNAPSHOT);
            try (RowCursor row = table.lookup(move, new Object[] {1})) {
                assertTrue(row.next());
                table.update(move, row.rowId(), new Object[] {1, "moved", "Lima"});
            }
            move.commit();
            file.checkpoint();
            assertTrue(indexPagesWritten(file) > indexPages, "a changed key is written to the index");
        }
    }

    private static long indexPagesWritten(Database file) {
        return file.io().total(org.verso.storage.io.PageKind.INDEX).pagesWritten();
    }

    private static void assertRomeAndSeven(Database file) {
        Transaction tx = file.begin(IsolationLevel.SNAPSHOT);
        assertEquals(1000, ids(file.table("PEOPLE").lookup(tx, "PEOPLE_CITY", new Object[] {"Rome"})).size());
        try (RowCursor row = file.table("PEOPLE").lookup(tx, new Object[] {7})) {
            assertTrue(row.next());
            assertArrayEquals(new Object[] {7, "e7", "Rome"}, row.row());
        }
        tx.commit();
    }

    private static List<Integer> sorted(List<Integer> ids) {
        List<Integer> copy = new ArrayList<>(ids);
        copy.sort(null);
        return copy;
    }
}
