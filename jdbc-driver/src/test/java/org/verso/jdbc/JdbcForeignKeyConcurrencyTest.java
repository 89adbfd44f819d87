package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Foreign keys under concurrent transactions, through JDBC at REPEATABLE READ (snapshot isolation) and READ
 * COMMITTED: a child row inserted while another transaction deletes its parent must never leave a
 * child without a parent, whichever of the two writes first; an update of the parent that keeps its key must not
 * wait for or conflict with a child insert.
 */
class JdbcForeignKeyConcurrencyTest {
    private static final Set<String> RETRYABLE = Set.of("40001", "40P01");
    // A child whose parent is gone, a parent created again by two connections at once.
    private static final Set<String> EXPECTED = Set.of("23503", "23505");
    private static final String DELETE_PARENT = "DELETE FROM parent WHERE id = 1";

    // Keeps each test's in-memory database open between its connections.
    private Connection keeper;
    // Runs the second transaction's statement, which may wait for the first.
    private final ExecutorService other = Executors.newSingleThreadExecutor();

    @AfterEach
    void closeDatabase() throws SQLException {
        other.shutdownNow();
        if (keeper != null) {
            keeper.close();
        }
    }

    /** Runs {@code sql} and then a commit on {@code c} in the other thread; the future ends with them. */
    private Future<?> runAndCommit(Connection c, String sql) {
        return other.submit(() -> {
            JdbcTestSupport.exec(c, sql);
            c.commit();
            return null;
        });
    }

    private String database() throws SQLException {
        String url = JdbcTestSupport.freshMemoryUrl("fk");
        keeper = JdbcTestSupport.connect(url);
        JdbcTestSupport.exec(keeper, "CREATE TABLE parent (id INT PRIMARY KEY, note VARCHAR(20))");
        JdbcTestSupport.exec(keeper, "CREATE TABLE child (id INT PRIMARY KEY, parent_id INT REFERENCES parent (id))");
        JdbcTestSupport.exec(keeper, "INSERT INTO parent VALUES (1, 'one'), (2, 'two')");
        return url;
    }

    private static Connection transaction(String url) throws SQLException {
        Connection c = JdbcTestSupport.connect(url);
        c.setAutoCommit(false);
        c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        return c;
    }

    /** Children whose parent row does not exist. */
    private static long orphans(String url) throws SQLException {
        try (Connection c = JdbcTestSupport.connect(url)) {
            return JdbcTestSupport.queryLong(c, "SELECT COUNT(*) FROM child WHERE parent_id IS NOT NULL AND NOT EXISTS "
                + "(SELECT 1 FROM parent WHERE parent.id = child.parent_id)");
        }
    }

    @Test
    void aParentDeletedWhileAChildReferencingItIsInsertedFailsOnceTheChildCommits() throws Exception {
        parentChangedWhileAChildIsInserted(Connection.TRANSACTION_REPEATABLE_READ, DELETE_PARENT, "40001");
    }

    /**
     * At READ COMMITTED the parent side looks for children in the newest committed state once the child's
     * transaction ended, as PostgreSQL's check does: the child it committed is found, 23503.
     */
    @Test
    void atReadCommittedAParentDeletedWhileAChildIsInsertedFailsAsReferencedOnceTheChildCommits() throws Exception {
        parentChangedWhileAChildIsInserted(Connection.TRANSACTION_READ_COMMITTED, DELETE_PARENT, "23503");
    }

    /**
     * The parent's {@code change} (a delete or a key change), at {@code isolation}, waits for the child's insert and
     * fails with {@code state} once it commits.
     */
    private void parentChangedWhileAChildIsInserted(int isolation, String change, String state) throws Exception {
        String url = database();
        try (Connection child = transaction(url); Connection parent = transaction(url)) {
            parent.setTransactionIsolation(isolation);
            JdbcTestSupport.queryLong(parent, "SELECT COUNT(*) FROM parent"); // the deleter's snapshot: no child yet
            JdbcTestSupport.exec(child, "INSERT INTO child VALUES (10, 1)");
            Future<?> changed = runAndCommit(parent, change);
            assertWaits(changed, "the change waits for the transaction that references the row");
            child.commit();
            SQLException e = failure(changed);
            assertEquals(state, e.getSQLState(), e.getMessage());
            parent.rollback();
        }
        assertEquals(0, orphans(url));
        try (Connection c = JdbcTestSupport.connect(url)) {
            assertEquals(1, JdbcTestSupport.queryLong(c, "SELECT COUNT(*) FROM child WHERE parent_id = 1"));
        }
    }

    @Test
    void aParentDeleteGoesAheadOnceTheChildInsertRollsBack() throws Exception {
        String url = database();
        try (Connection child = transaction(url); Connection parent = transaction(url)) {
            JdbcTestSupport.exec(child, "INSERT INTO child VALUES (10, 1)");
            Future<?> delete = runAndCommit(parent, "DELETE FROM parent WHERE id = 1");
            assertWaits(delete, "the delete waits for the transaction that references the row");
            child.rollback();
            delete.get(30, TimeUnit.SECONDS);
        }
        try (Connection c = JdbcTestSupport.connect(url)) {
            assertEquals(0, JdbcTestSupport.queryLong(c, "SELECT COUNT(*) FROM parent WHERE id = 1"));
        }
    }

    @Test
    void aChildInsertedWhileItsParentIsBeingDeletedFailsOnceTheDeleteCommits() throws Exception {
        childInsertedWhileItsParentIsDeleted(Connection.TRANSACTION_REPEATABLE_READ, "40001");
    }

    /**
     * At READ COMMITTED the check looks for the parent again in the newest committed state, as PostgreSQL's does: the
     * child has no parent (23503), not a serialization failure.
     */
    @Test
    void atReadCommittedAChildInsertedWhileItsParentIsBeingDeletedHasNoParentOnceTheDeleteCommits()
        throws Exception {
        childInsertedWhileItsParentIsDeleted(Connection.TRANSACTION_READ_COMMITTED, "23503");
    }

    /** The inserter, at {@code isolation}, waits for the delete and fails with {@code state} once it commits. */
    private void childInsertedWhileItsParentIsDeleted(int isolation, String state) throws Exception {
        String url = database();
        try (Connection child = transaction(url); Connection parent = transaction(url)) {
            child.setTransactionIsolation(isolation);
            // the inserter's snapshot: parent 1 is there
            JdbcTestSupport.queryLong(child, "SELECT COUNT(*) FROM parent");
            JdbcTestSupport.exec(parent, "DELETE FROM parent WHERE id = 1");
            Future<?> insert = runAndCommit(child, "INSERT INTO child VALUES (10, 1)");
            assertWaits(insert, "the insert waits for the transaction that deletes its parent");
            parent.commit();
            SQLException e = failure(insert);
            assertEquals(state, e.getSQLState(), e.getMessage());
            child.rollback();
        }
        assertEquals(0, orphans(url));
    }

    /** At READ COMMITTED a parent deleted and created again with its key, by one commit, is the child's parent. */
    @Test
    void atReadCommittedAChildFindsTheParentCreatedAgainWithItsKey() throws Exception {
        String url = database();
        try (Connection child = transaction(url); Connection parent = transaction(url)) {
            child.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            JdbcTestSupport.exec(parent, "DELETE FROM parent WHERE id = 1");
            JdbcTestSupport.exec(parent, "INSERT INTO parent VALUES (1, 'again')");
            Future<?> insert = runAndCommit(child, "INSERT INTO child VALUES (10, 1)");
            assertWaits(insert, "the insert waits for the transaction that deletes its parent");
            parent.commit();
            insert.get(30, TimeUnit.SECONDS);
        }
        assertEquals(0, orphans(url));
        try (Connection c = JdbcTestSupport.connect(url)) {
            assertEquals(1, JdbcTestSupport.queryLong(c, "SELECT COUNT(*) FROM child JOIN parent "
                + "ON parent.id = child.parent_id WHERE parent.note = 'again'"));
        }
    }

    /**
     * At READ COMMITTED a cascade deletes, and SET NULL clears, the child that a transaction it waited for
     * committed.
     */
    @ParameterizedTest(name = "ON DELETE {0}")
    @ValueSource(strings = {"CASCADE", "SET NULL"})
    void atReadCommittedTheDeleteActionReachesTheChildCommittedWhileItWaited(String action) throws Exception {
        String url = JdbcTestSupport.freshMemoryUrl("fk");
        keeper = JdbcTestSupport.connect(url);
        JdbcTestSupport.exec(keeper, "CREATE TABLE parent (id INT PRIMARY KEY, note VARCHAR(20))");
        JdbcTestSupport.exec(keeper, "CREATE TABLE child (id INT PRIMARY KEY, "
            + "parent_id INT REFERENCES parent (id) ON DELETE " + action + ")");
        JdbcTestSupport.exec(keeper, "INSERT INTO parent VALUES (1, 'one'), (2, 'two')");
        try (Connection child = transaction(url); Connection parent = transaction(url)) {
            parent.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            JdbcTestSupport.exec(child, "INSERT INTO child VALUES (10, 1)");
            Future<?> delete = runAndCommit(parent, "DELETE FROM parent WHERE id = 1");
            assertWaits(delete, "the delete waits for the transaction that references the row");
            child.commit();
            delete.get(30, TimeUnit.SECONDS);
        }
        assertEquals(0, orphans(url));
        assertEquals(action.equals("CASCADE") ? 0 : 1, JdbcTestSupport.queryLong(keeper,
            "SELECT COUNT(*) FROM child"));
        assertEquals(0, JdbcTestSupport.queryLong(keeper, "SELECT COUNT(*) FROM child WHERE parent_id IS NOT NULL"));
    }

    @Test
    void aChildInsertedAfterItsParentsDeletionCommittedFailsAlthoughItsSnapshotStillSeesTheParent()
        throws Exception {
        String url = database();
        try (Connection child = transaction(url); Connection parent = transaction(url)) {
            JdbcTestSupport.queryLong(child, "SELECT COUNT(*) FROM parent");
            JdbcTestSupport.exec(parent, "DELETE FROM parent WHERE id = 1");
            parent.commit();
            JdbcTestSupport.assertSqlState("40001",
                () -> JdbcTestSupport.exec(child, "INSERT INTO child VALUES (10, 1)"));
            child.rollback();
        }
        assertEquals(0, orphans(url));
    }

    @Test
    void anUpdateThatKeepsTheParentsKeyNeitherWaitsForNorConflictsWithAChildInsert() throws Exception {
        String url = database();
        try (Connection child = transaction(url); Connection parent = transaction(url)) {
            JdbcTestSupport.queryLong(child, "SELECT COUNT(*) FROM parent");
            JdbcTestSupport.exec(child, "INSERT INTO child VALUES (10, 1)");
            JdbcTestSupport.exec(parent, "UPDATE parent SET note = 'changed' WHERE id = 1");
            parent.commit();
            JdbcTestSupport.exec(child, "INSERT INTO child VALUES (11, 1)");
            child.commit();
        }
        try (Connection c = JdbcTestSupport.connect(url)) {
            assertEquals(2, JdbcTestSupport.queryLong(c, "SELECT COUNT(*) FROM child WHERE parent_id = 1"));
        }
    }

    @Test
    void aParentKeyChangedWhileAChildReferencesItFailsOnceTheChildCommits() throws Exception {
        parentChangedWhileAChildIsInserted(Connection.TRANSACTION_REPEATABLE_READ,
            "UPDATE parent SET id = 3 WHERE id = 1", "40001");
    }

    /**
     * Connections insert children of random parents and delete and re-create random parents, retrying on 40001 and
     * 40P01, with random pauses inside their transactions: at the end no child may lack its parent. Seed printed.
     */
    @Test
    void randomChildInsertsAndParentDeletesLeaveNoOrphan() throws Exception {
        randomChildInsertsAndParentDeletes(Connection.TRANSACTION_REPEATABLE_READ);
    }

    /** The same at READ COMMITTED, where both sides look again in the newest committed state instead of 40001. */
    @Test
    void atReadCommittedRandomChildInsertsAndParentDeletesLeaveNoOrphan() throws Exception {
        randomChildInsertsAndParentDeletes(Connection.TRANSACTION_READ_COMMITTED);
    }

    private void randomChildInsertsAndParentDeletes(int isolation) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("JdbcForeignKeyConcurrencyTest seed=" + seed + " isolation=" + isolation);
        String url = database();
        int parents = 8;
        for (int p = 3; p < parents; p++) {
            JdbcTestSupport.exec(keeper, "INSERT INTO parent VALUES (" + p + ", 'p')");
        }
        JdbcTestSupport.exec(keeper, "INSERT INTO parent VALUES (0, 'p')");
        AtomicLong nextChild = new AtomicLong();
        AtomicLong committed = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(6);
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < 6; w++) {
            Random random = new Random(seed + w);
            boolean deleter = w < 2;
            futures.add(pool.submit(() -> {
                try (Connection c = transaction(url)) {
                    c.setTransactionIsolation(isolation);
                    for (int n = 0; n < 150; n++) {
                        int p = random.nextInt(parents);
                        try {
                            if (deleter) {
                                try (PreparedStatement delete = c.prepareStatement(
                                    "DELETE FROM child WHERE parent_id = ?")) {
                                    delete.setInt(1, p);
                                    delete.executeUpdate();
                                }
                                pause(random);
                                JdbcTestSupport.exec(c, "DELETE FROM parent WHERE id = " + p);
                                pause(random);
                                if (random.nextBoolean()) {
                                    JdbcTestSupport.exec(c, "INSERT INTO parent VALUES (" + p + ", 'again')");
                                }
                            } else {
                                JdbcTestSupport.queryLong(c, "SELECT COUNT(*) FROM parent"); // the snapshot
                                pause(random);
                                try (PreparedStatement insert = c.prepareStatement(
                                    "INSERT INTO child SELECT ?, id FROM parent WHERE id = ?")) {
                                    insert.setLong(1, nextChild.incrementAndGet());
                                    insert.setInt(2, p);
                                    insert.executeUpdate();
                                }
                                pause(random);
                            }
                            c.commit();
                            committed.incrementAndGet();
                        } catch (SQLException e) {
                            c.rollback();
                            if (!RETRYABLE.contains(e.getSQLState()) && !EXPECTED.contains(e.getSQLState())) {
                                throw e;
                            }
                        }
                    }
                }
                return null;
            }));
        }
        pool.shutdown();
        for (Future<?> f : futures) {
            f.get(2, TimeUnit.MINUTES);
        }
        assertTrue(committed.get() > 100, "transactions committed: " + committed.get());
        assertEquals(0, orphans(url), "seed " + seed);
    }

    private static void pause(Random random) {
        if (random.nextInt(2) == 0) {
            try {
                Thread.sleep(random.nextInt(4));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void assertWaits(Future<?> statement, String what) throws Exception {
        try {
            statement.get(300, TimeUnit.MILLISECONDS);
            assertFalse(true, what + ": it finished without waiting");
        } catch (TimeoutException expected) {
            // still waiting
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError(what + ": it failed at once", e.getCause());
        }
    }

    private static SQLException failure(Future<?> statement) throws Exception {
        try {
            statement.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof SQLException sql) {
                return sql;
            }
            throw e;
        }
        throw new AssertionError("the statement succeeded");
    }
}
