package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;

/** Transaction boundaries of a session: autocommit, commit, rollback, snapshot reads, write conflicts. */
class SessionTransactionTest extends SqlTestSupport {
    @BeforeEach
    void createTable() {
        execute("CREATE TABLE t (id INT NOT NULL, v INT, PRIMARY KEY (id))");
        update("INSERT INTO t VALUES (1, 0)");
    }

    @Test
    void autocommitEndsEveryStatement() {
        assertTrue(session.autoCommit());
        update("UPDATE t SET v = 1 WHERE id = 1");
        assertFalse(session.inTransaction());
        try (Session other = engine.openSession()) {
            assertEquals(List.of(row(1)), rows(other.execute("SELECT v FROM t")));
        }
    }

    @Test
    void rollbackDiscardsAndCommitPublishes() {
        session.setAutoCommit(false);
        update("INSERT INTO t VALUES (2, 2)");
        assertTrue(session.inTransaction());
        session.rollback();
        assertFalse(session.inTransaction());
        assertEquals(List.of(row(1L)), query("SELECT COUNT(*) FROM t"));

        update("INSERT INTO t VALUES (3, 3)");
        try (Session other = engine.openSession()) {
            assertEquals(List.of(row(1L)), rows(other.execute("SELECT COUNT(*) FROM t")));
            session.commit();
            assertEquals(List.of(row(2L)), rows(other.execute("SELECT COUNT(*) FROM t")));
        }
    }

    @Test
    void switchingAutocommitOnCommits() {
        session.setAutoCommit(false);
        update("INSERT INTO t VALUES (2, 2)");
        session.setAutoCommit(true);
        assertFalse(session.inTransaction());
        try (Session other = engine.openSession()) {
            assertEquals(List.of(row(2L)), rows(other.execute("SELECT COUNT(*) FROM t")));
        }
    }

    @Test
    void ddlRunsOutsideTheOpenTransaction() {
        session.setAutoCommit(false);
        update("INSERT INTO t VALUES (2, 2)");
        execute("CREATE TABLE other (a INT)");
        assertTrue(session.inTransaction());
        session.rollback();
        assertTrue(database.catalog().table("OTHER").isPresent());
        assertEquals(List.of(row(1L)), query("SELECT COUNT(*) FROM t"));
    }

    @Test
    void insertFromSelectOfTheSameTableReadsOnlyOldRows() {
        update("INSERT INTO t VALUES (2, 0), (3, 0)");
        assertEquals(3, update("INSERT INTO t SELECT id + 10, v FROM t"));
        assertEquals(List.of(row(6L)), query("SELECT COUNT(*) FROM t"));
    }

    @Test
    void closeRollsBack() {
        Session other = engine.openSession();
        other.setAutoCommit(false);
        other.execute("INSERT INTO t VALUES (5, 5)");
        other.close();
        assertTrue(other.isClosed());
        assertEquals(List.of(row(1L)), query("SELECT COUNT(*) FROM t"));
        assertEquals("08003", assertThrows(VersoException.class, () -> other.execute("SELECT 1")).sqlState());
    }

    @Test
    void writeConflictAbortsTheLoserWhichMustRollBackBeforeGoingOn() {
        session.setAutoCommit(false);
        try (Session other = engine.openSession()) {
            other.setAutoCommit(false);
            assertEquals(List.of(row(0)), rows(other.execute("SELECT v FROM t WHERE id = 1"))); // snapshot taken
            update("UPDATE t SET v = v + 1 WHERE id = 1");
            session.commit();
            VersoException conflict = assertThrows(VersoException.class,
                () -> other.execute("UPDATE t SET v = v + 10 WHERE id = 1"));
            assertEquals("40001", conflict.sqlState());
            assertTrue(other.inTransaction(), "the aborted transaction stays until the application rolls back");
            assertEquals("25P02", assertThrows(VersoException.class,
                () -> other.execute("UPDATE t SET v = v + 10 WHERE id = 1")).sqlState());
            other.rollback();
            assertFalse(other.inTransaction());
            other.execute("UPDATE t SET v = v + 10 WHERE id = 1");
            other.commit();
        }
        assertEquals(List.of(row(11)), query("SELECT v FROM t WHERE id = 1"));
    }
}
