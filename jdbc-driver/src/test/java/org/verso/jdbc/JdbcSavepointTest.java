package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Savepoints through JDBC, as Spring's nested transactions use them: rolling back to a savepoint undoes exactly the
 * changes made after it (inserts, updates, deletes, and the unique keys they took), the transaction goes on and
 * commits the rest; released and stale savepoints are 3B001; autocommit refuses them.
 */
class JdbcSavepointTest {
    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void rollingBackToASavepointUndoesOnlyWhatCameAfterIt() throws SQLException {
        String url = JdbcTestSupport.freshMemoryUrl("sp");
        try (Connection c = JdbcTestSupport.connect(url); Connection other = JdbcTestSupport.connect(url)) {
            assertTrue(c.getMetaData().supportsSavepoints());
            JdbcTestSupport.exec(c, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            JdbcTestSupport.exec(c, "INSERT INTO t VALUES (1, 10), (2, 20)");
            c.setAutoCommit(false);
            JdbcTestSupport.exec(c, "INSERT INTO t VALUES (3, 30)");
            Savepoint first = c.setSavepoint();
            JdbcTestSupport.exec(c, "UPDATE t SET v = 11 WHERE id = 1");
            JdbcTestSupport.exec(c, "DELETE FROM t WHERE id = 2");
            JdbcTestSupport.exec(c, "INSERT INTO t VALUES (4, 40)");
            Savepoint second = c.setSavepoint("second");
            JdbcTestSupport.exec(c, "INSERT INTO t VALUES (5, 50)");
            c.rollback(second);
            assertEquals(0, count(c, "SELECT COUNT(*) FROM t WHERE id = 5"), "row 5 is gone");
            assertEquals(3, count(c, "SELECT COUNT(*) FROM t"), "rows 1, 3 and 4 stay; row 2 is still deleted");
            c.rollback(first);
            assertEquals(3, count(c, "SELECT COUNT(*) FROM t"));
            assertEquals(10, count(c, "SELECT v FROM t WHERE id = 1"), "the update after the savepoint is undone");
            assertEquals(20, count(c, "SELECT v FROM t WHERE id = 2"), "the delete after the savepoint is undone");
            SQLException gone = assertThrows(SQLException.class, () -> c.rollback(second));
            assertEquals("3B001", gone.getSQLState(), "a savepoint rolled back past is gone");
            JdbcTestSupport.exec(c, "INSERT INTO t VALUES (4, 41)"); // the key undone is free again
            c.rollback(first); // the savepoint stays after a rollback to it
            JdbcTestSupport.exec(c, "INSERT INTO t VALUES (4, 42)");
            assertEquals(0, count(other, "SELECT COUNT(*) FROM t WHERE id > 2"), "nothing is visible before commit");
            c.commit();
            assertEquals(4, count(other, "SELECT COUNT(*) FROM t"));
            assertEquals(42, count(other, "SELECT v FROM t WHERE id = 4"));
            assertEquals(30, count(other, "SELECT v FROM t WHERE id = 3"), "what came before the savepoint is kept");
            SQLException ended = assertThrows(SQLException.class, () -> c.rollback(first));
            assertEquals("3B001", ended.getSQLState(), "savepoints end with their transaction");
        }
    }

    @Test
    void releaseKeepsTheChangesAndNamesAndIdsFollowJdbc() throws SQLException {
        try (Connection c = JdbcTestSupport.connect(JdbcTestSupport.freshMemoryUrl("sprel"))) {
            JdbcTestSupport.exec(c, "CREATE TABLE t (id INT PRIMARY KEY)");
            assertEquals("25000", assertThrows(SQLException.class, c::setSavepoint).getSQLState(),
                "no savepoint in autocommit");
            c.setAutoCommit(false);
            Savepoint unnamed = c.setSavepoint();
            Savepoint named = c.setSavepoint("n");
            assertTrue(unnamed.getSavepointId() > 0);
            assertEquals("n", named.getSavepointName());
            assertThrows(SQLException.class, named::getSavepointId);
            assertThrows(SQLException.class, unnamed::getSavepointName);
            JdbcTestSupport.exec(c, "INSERT INTO t VALUES (1)");
            c.releaseSavepoint(unnamed);
            assertEquals("3B001", assertThrows(SQLException.class, () -> c.rollback(named)).getSQLState(),
                "releasing a savepoint releases the later ones");
            c.commit();
            assertEquals(1, count(c, "SELECT COUNT(*) FROM t"));
        }
    }

    @Test
    void aFailedStatementAfterASavepointCanBeRolledBackTo() throws SQLException {
        try (Connection c = JdbcTestSupport.connect(JdbcTestSupport.freshMemoryUrl("spfail"))) {
            JdbcTestSupport.exec(c, "CREATE TABLE t (id INT PRIMARY KEY)");
            c.setAutoCommit(false);
            JdbcTestSupport.exec(c, "INSERT INTO t VALUES (1)");
            Savepoint sp = c.setSavepoint();
            JdbcTestSupport.exec(c, "INSERT INTO t VALUES (2)");
            SQLException duplicate = assertThrows(SQLException.class,
                () -> JdbcTestSupport.exec(c, "INSERT INTO t VALUES (1)"));
            assertEquals("23505", duplicate.getSQLState());
            c.rollback(sp);
            c.commit();
            assertEquals(1, count(c, "SELECT COUNT(*) FROM t"));
        }
    }
}
