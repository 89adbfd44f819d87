package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * After a serialization failure the transaction is over: its later statements and its commit fail until the
 * application rolls back, so no part of it is committed behind the application's back.
 */
class JdbcAbortedTransactionTest {
    @Test
    void statementsAfterASerializationFailureAreRefusedUntilRollback() throws SQLException {
        String url = freshMemoryUrl("aborted");
        try (Connection c = connect(url); Connection d = connect(url)) {
            exec(c, "CREATE TABLE t (id INTEGER NOT NULL, v INTEGER NOT NULL, PRIMARY KEY (id))");
            exec(c, "INSERT INTO t VALUES (1, 0), (2, 0), (3, 0)");
            d.setAutoCommit(false);
            c.setAutoCommit(false);
            exec(d, "UPDATE t SET v = 1 WHERE id = 3");
            exec(c, "UPDATE t SET v = 9 WHERE id = 1");
            c.commit();
            assertSqlState("40001", () -> exec(d, "UPDATE t SET v = 1 WHERE id = 1"));
            assertSqlState("25P02", () -> exec(d, "UPDATE t SET v = 1 WHERE id = 2"));
            assertSqlState("25P02", d::commit);
            assertEquals(0, queryLong(c, "SELECT COUNT(*) FROM t WHERE v = 1"), "nothing of d was committed");

            exec(d, "UPDATE t SET v = 1 WHERE id = 3");
            exec(c, "UPDATE t SET v = 8 WHERE id = 1");
            c.commit();
            assertSqlState("40001", () -> exec(d, "UPDATE t SET v = 2 WHERE id = 1"));
            d.rollback();
            exec(d, "UPDATE t SET v = 5 WHERE id = 2");
            d.commit();
            c.commit();
            assertEquals(1, queryLong(c, "SELECT COUNT(*) FROM t WHERE v = 5"), "after rollback d works again");
            assertEquals(0, queryLong(c, "SELECT COUNT(*) FROM t WHERE v = 1"));
        }
    }
}
