package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;

/** Every constraint is kept by INSERT, UPDATE and DELETE, and a violation names it and writes nothing. */
class ConstraintEnforcementTest extends SqlTestSupport {
    @Test
    void notNullAndPrimaryKey() {
        execute("CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(10) NOT NULL)");
        update("INSERT INTO t VALUES (1, 'a')");
        assertTrue(assertFails("23502", "INSERT INTO t VALUES (2, NULL)").getMessage().contains("NAME"));
        assertFails("23502", "INSERT INTO t (id) VALUES (2)");
        assertFails("23502", "UPDATE t SET name = NULL");
        assertFails("23505", "INSERT INTO t VALUES (1, 'b')");
        assertEquals(List.of(row(1, "a")), query("SELECT * FROM t"));
    }

    /** Tuples fetched from {@code table}'s heap so far, by the engine's own counter. */
    private long fetches(String table) {
        return ((Number) query("SELECT TUPLE_FETCHES FROM SYS.TABLE_VERSIONS WHERE TABLE_NAME = '" + table + "'")
            .get(0).get(0)).longValue();
    }

    @Test
    void referencesAreFoundThroughAnIndexOnTheirColumnsWhenThereIsOne() {
        execute("CREATE TABLE p (id INT PRIMARY KEY, code VARCHAR(5) UNIQUE)");
        execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT REFERENCES p (id), pcode VARCHAR(5) REFERENCES p (code))");
        execute("CREATE INDEX c_pid ON c (pid)");
        update("INSERT INTO p VALUES (1, 'a'), (2, 'b'), (3, 'c')");
        StringBuilder rows = new StringBuilder("INSERT INTO c VALUES (0, 1, 'a')");
        for (int i = 1; i < 2_000; i++) {
            rows.append(", (").append(i).append(", 1, 'a')");
        }
        update(rows.toString());
        long before = fetches("C");
        assertEquals(1, update("DELETE FROM p WHERE id = 2"));
        assertEquals(2_000, fetches("C") - before, "one scan of C, for C.PCODE, which has no index; the index on"
            + " C.PID finds no child of 2 and reads no row");
        assertFails("23503", "DELETE FROM p WHERE id = 1");
        // No index on C.PCODE: its references are found by a scan, and the parent by its UNIQUE index.
        before = fetches("C");
        assertEquals(1, update("UPDATE p SET code = 'z' WHERE id = 3"));
        assertTrue(fetches("C") - before >= 2_000, "a scan of C: " + (fetches("C") - before));
        update("INSERT INTO c VALUES (5000, 3, 'z')");
        assertFails("23503", "INSERT INTO c VALUES (5001, 3, 'q')");
    }

    @Test
    void uniqueConstraints() {
        execute("CREATE TABLE u (id INT PRIMARY KEY, email VARCHAR(20) UNIQUE, a INT, b INT, "
            + "CONSTRAINT ab_unique UNIQUE (a, b))");
        update("INSERT INTO u VALUES (1, 'x@y', 1, 1), (2, NULL, 1, NULL), (3, NULL, 1, NULL)");
        VersoException e = assertFails("23505", "INSERT INTO u VALUES (4, 'x@y', 2, 2)");
        assertTrue(e.getMessage().contains("U_EMAIL_KEY"), e.getMessage());
        assertTrue(assertFails("23505", "UPDATE u SET a = 1, b = 1 WHERE id = 2").getMessage().contains("AB_UNIQUE"));
        assertFails("23505", "INSERT INTO u VALUES (5, 'p@q', 7, 7), (6, 'p@q', 8, 8)");
        update("UPDATE u SET email = 'z@y' WHERE id = 1");
        update("INSERT INTO u VALUES (4, 'x@y', 2, 2)");
        assertEquals(List.of(row(4L)), query("SELECT COUNT(*) FROM u"));
    }

    @Test
    void checkConstraintsNameTheConstraint() {
        execute("CREATE TABLE acct (id INT PRIMARY KEY, bal DECIMAL(10,2) CHECK (bal >= 0), lim INT, "
            + "CONSTRAINT under_limit CHECK (bal <= lim))");
        update("INSERT INTO acct VALUES (1, 10, 100), (2, 0, NULL)");
        VersoException negative = assertFails("23514", "INSERT INTO acct VALUES (3, -1, 100)");
        assertTrue(negative.getMessage().contains("ACCT_CHECK1") && negative.getMessage().contains("ACCT"),
            negative.getMessage());
        assertTrue(assertFails("23514", "UPDATE acct SET bal = bal + 200 WHERE id = 1").getMessage()
            .contains("UNDER_LIMIT"));
        assertFails("23514", "UPDATE acct SET bal = bal - ? WHERE id = ?", 11, 1);
        update("UPDATE acct SET bal = 500 WHERE id = 2"); // bal <= NULL is UNKNOWN, which passes
        assertEquals(List.of(row(1, new java.math.BigDecimal("10.00")), row(2, new java.math.BigDecimal("500.00"))),
            query("SELECT id, bal FROM acct ORDER BY id"));
    }

    @Test
    void foreignKeyChecksBothDirections() {
        execute("CREATE TABLE district (w INT NOT NULL, d INT NOT NULL, PRIMARY KEY (w, d))");
        execute("CREATE TABLE customer (w INT NOT NULL, d INT NOT NULL, c INT NOT NULL, PRIMARY KEY (w, d, c), "
            + "CONSTRAINT c_fkey_d FOREIGN KEY (w, d) REFERENCES district (w, d))");
        update("INSERT INTO district VALUES (1, 1), (1, 2)");
        update("INSERT INTO customer VALUES (1, 1, 10)");
        VersoException missing = assertFails("23503", "INSERT INTO customer VALUES (1, 3, 11)");
        assertTrue(missing.getMessage().contains("C_FKEY_D") && missing.getMessage().contains("DISTRICT"),
            missing.getMessage());
        assertFails("23503", "UPDATE customer SET d = 9 WHERE c = 10");
        update("UPDATE customer SET d = 2 WHERE c = 10");
        VersoException referenced = assertFails("23503", "DELETE FROM district WHERE d = 2");
        assertTrue(referenced.getMessage().contains("CUSTOMER"), referenced.getMessage());
        assertFails("23503", "UPDATE district SET d = 5 WHERE d = 2");
        update("DELETE FROM district WHERE d = 1");
        assertEquals(List.of(row(1, 2)), query("SELECT * FROM district"));
    }

    @Test
    void foreignKeyToAUniqueConstraintAndNullsMatchNothing() {
        execute("CREATE TABLE p (id INT PRIMARY KEY, code CHAR(3) UNIQUE)");
        execute("CREATE TABLE c (id INT PRIMARY KEY, code CHAR(3) REFERENCES p (code))");
        update("INSERT INTO p VALUES (1, 'abc')");
        update("INSERT INTO c VALUES (1, 'abc'), (2, NULL)");
        assertFails("23503", "INSERT INTO c VALUES (3, 'xyz')");
        assertFails("23503", "DELETE FROM p");
    }

    @Test
    void onDeleteCascadeReachesGrandchildren() {
        execute("CREATE TABLE orders (id INT PRIMARY KEY)");
        execute("CREATE TABLE lines (o INT NOT NULL REFERENCES orders (id) ON DELETE CASCADE, n INT NOT NULL, "
            + "PRIMARY KEY (o, n))");
        execute("CREATE TABLE notes (o INT, n INT, txt VARCHAR(10), "
            + "FOREIGN KEY (o, n) REFERENCES lines (o, n) ON DELETE CASCADE)");
        execute("CREATE TABLE audit (o INT REFERENCES orders ON DELETE RESTRICT)");
        update("INSERT INTO orders VALUES (1), (2), (3)");
        update("INSERT INTO lines VALUES (1, 1), (1, 2), (2, 1)");
        update("INSERT INTO notes VALUES (1, 2, 'x'), (2, 1, 'y')");
        update("INSERT INTO audit VALUES (3)");
        assertEquals(1, update("DELETE FROM orders WHERE id = 1"), "the count is of the statement's own rows");
        assertEquals(List.of(row(2, 1)), query("SELECT * FROM lines"));
        assertEquals(List.of(row(2, 1, "y")), query("SELECT * FROM notes"));
        assertFails("23503", "DELETE FROM orders WHERE id = 3");
        session.setAutoCommit(false);
        update("DELETE FROM orders WHERE id = 2");
        assertEquals(List.of(), query("SELECT * FROM notes"));
        session.rollback();
        assertEquals(List.of(row(2, 1, "y")), query("SELECT * FROM notes"), "a rollback restores cascaded rows");
    }

    @Test
    void onDeleteSetNullClearsTheReferencesAndChecksWhatReferencesThem() {
        execute("CREATE TABLE dept (id INT PRIMARY KEY)");
        execute("CREATE TABLE emp (id INT PRIMARY KEY, dept INT REFERENCES dept ON DELETE SET NULL, "
            + "name VARCHAR(5), CONSTRAINT emp_dept_name UNIQUE (dept, name))");
        execute("CREATE TABLE strict (id INT PRIMARY KEY, dept INT NOT NULL REFERENCES dept ON DELETE SET NULL)");
        update("INSERT INTO dept VALUES (1), (2), (3)");
        update("INSERT INTO emp VALUES (10, 1, 'a'), (11, 1, 'b'), (12, 2, 'a')");
        update("INSERT INTO strict VALUES (1, 3)");
        assertEquals(1, update("DELETE FROM dept WHERE id = 1"));
        assertEquals(List.of(row(10, null, "a"), row(11, null, "b"), row(12, 2, "a")),
            query("SELECT * FROM emp ORDER BY id"));
        update("INSERT INTO emp VALUES (13, NULL, 'a')"); // NULL keys do not collide in the unique index
        assertFails("23502", "DELETE FROM dept WHERE id = 3"); // strict.dept cannot become NULL
        assertEquals(List.of(row(2), row(3)), query("SELECT id FROM dept ORDER BY id"), "the failed delete undone");
        session.setAutoCommit(false);
        update("DELETE FROM dept WHERE id = 2");
        assertEquals(List.of(row(12, null)), query("SELECT id, dept FROM emp WHERE id = 12"));
        session.rollback();
        assertEquals(List.of(row(12, 2)), query("SELECT id, dept FROM emp WHERE id = 12"), "a rollback restores it");
    }

    @Test
    void selfReferencingRowsOfOneStatement() {
        execute("CREATE TABLE emp (id INT PRIMARY KEY, boss INT REFERENCES emp (id) ON DELETE CASCADE)");
        update("INSERT INTO emp VALUES (1, NULL), (2, 1), (3, 2)");
        update("INSERT INTO emp VALUES (5, 4), (4, 1)");
        assertFails("23503", "INSERT INTO emp VALUES (6, 99)");
        update("DELETE FROM emp WHERE id = 2");
        assertEquals(List.of(row(1), row(4), row(5)), query("SELECT id FROM emp ORDER BY id"));
    }

    @Test
    void truncateIsATransactionalDeleteThatKeepsForeignKeys() {
        execute("CREATE TABLE p (id INT PRIMARY KEY)");
        execute("CREATE TABLE c (p INT REFERENCES p)");
        update("INSERT INTO p VALUES (1), (2)");
        update("INSERT INTO c VALUES (1)");
        assertFails("23503", "TRUNCATE TABLE p");
        session.setAutoCommit(false);
        update("TRUNCATE c");
        update("TRUNCATE TABLE p");
        assertEquals(List.of(row(0L)), query("SELECT COUNT(*) FROM p"));
        session.rollback();
        assertEquals(List.of(row(2L)), query("SELECT COUNT(*) FROM p"));
    }

    @Test
    void defaultsFillOmittedColumns() {
        execute("CREATE TABLE d (id INT PRIMARY KEY, qty INT NOT NULL DEFAULT 1, note VARCHAR(10) DEFAULT 'new', "
            + "created TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, day DATE DEFAULT CURRENT_DATE, "
            + "neg DECIMAL(5,2) DEFAULT -1.5, flag BOOLEAN DEFAULT TRUE, nothing INT DEFAULT NULL)");
        update("INSERT INTO d (id) VALUES (1)");
        update("INSERT INTO d (id, qty, note) VALUES (2, 5, NULL)");
        update("INSERT INTO d VALUES (3, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT)");
        update("INSERT INTO d (id, note) VALUES (4, DEFAULT)");
        List<List<Object>> rows = query("SELECT id, qty, note, neg, flag, nothing FROM d ORDER BY id");
        assertEquals(List.of(row(1, 1, "new", new java.math.BigDecimal("-1.50"), true, null),
            row(2, 5, null, new java.math.BigDecimal("-1.50"), true, null),
            row(3, 1, "new", new java.math.BigDecimal("-1.50"), true, null),
            row(4, 1, "new", new java.math.BigDecimal("-1.50"), true, null)), rows);
        assertEquals(List.of(row(0L)), query("SELECT COUNT(*) FROM d WHERE created IS NULL OR day IS NULL"));
        assertFails("22001", "INSERT INTO d (id, note) VALUES (9, 'far too long')");
    }

    @Test
    void identityColumns() {
        execute("CREATE TABLE a (id INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name VARCHAR(10))");
        execute("CREATE TABLE b (id BIGINT GENERATED BY DEFAULT AS IDENTITY (START WITH 100 INCREMENT BY 10) "
            + "PRIMARY KEY, name VARCHAR(10))");
        execute("CREATE TABLE c (id SERIAL PRIMARY KEY, name VARCHAR(10))");
        execute("CREATE TABLE m (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(10))");
        update("INSERT INTO a (name) VALUES ('x'), ('y')");
        update("INSERT INTO a (id, name) VALUES (DEFAULT, 'z')");
        assertEquals(List.of(row(1, "x"), row(2, "y"), row(3, "z")), query("SELECT * FROM a ORDER BY id"));
        assertTrue(assertFails("428C9", "INSERT INTO a (id, name) VALUES (10, 'w')").getMessage().contains("ID"));
        assertFails("428C9", "INSERT INTO a VALUES (10, 'w')");
        assertFails("428C9", "INSERT INTO a (id, name) SELECT id, name FROM b");
        assertFails("428C9", "UPDATE a SET id = 7");
        update("INSERT INTO b (name) VALUES ('x')");
        update("INSERT INTO b (id, name) VALUES (5, 'given')");
        update("INSERT INTO b (name) VALUES ('y')");
        assertEquals(List.of(row(5L), row(100L), row(110L)), query("SELECT id FROM b ORDER BY id"));
        update("INSERT INTO c (name) VALUES ('x')");
        update("INSERT INTO m (name) VALUES ('x')");
        assertEquals(List.of(row(1, 1)), query("SELECT c.id, m.id FROM c, m"));
    }

    @Test
    void aConcurrentParentDeleteCannotOrphanAChild() throws Exception {
        execute("CREATE TABLE p (id INT PRIMARY KEY)");
        execute("CREATE TABLE c (id INT PRIMARY KEY, p INT REFERENCES p)");
        update("INSERT INTO p VALUES (1)");
        session.setAutoCommit(false);
        update("INSERT INTO c VALUES (1, 1)");
        try (Session other = engine.openSession()) {
            other.setAutoCommit(false);
            other.execute("SELECT COUNT(*) FROM c"); // its snapshot does not have the child
            // The delete waits for the child's transaction, which holds a key-share lock on the parent row.
            CompletableFuture<Void> delete = CompletableFuture.runAsync(() -> {
                other.execute("DELETE FROM p WHERE id = 1");
                other.commit();
            });
            Thread.sleep(200);
            assertFalse(delete.isDone(), "the delete waits for the transaction whose child references the row");
            session.commit();
            ExecutionException e = assertThrows(ExecutionException.class, () -> delete.get(30, TimeUnit.SECONDS));
            VersoException cause = (VersoException) e.getCause();
            assertEquals("40001", cause.sqlState(), cause.getMessage());
        }
        session.setAutoCommit(true);
        assertEquals(List.of(row(1L)), query("SELECT COUNT(*) FROM p"));
    }

    @Test
    void nowIsCurrentTimestamp() {
        execute("CREATE TABLE h (id INT PRIMARY KEY, installed_on TIMESTAMP NOT NULL DEFAULT now())");
        update("INSERT INTO h (id) VALUES (1)");
        assertEquals(List.of(row(1L)), query("SELECT COUNT(*) FROM h WHERE installed_on <= now()"));
    }

    @Test
    void aFailedStatementLeavesNoTraceOfItsCascades() {
        execute("CREATE TABLE p (id INT PRIMARY KEY)");
        execute("CREATE TABLE c (id INT PRIMARY KEY, p INT REFERENCES p ON DELETE CASCADE, CHECK (id < 100))");
        execute("CREATE TABLE g (c INT REFERENCES c)");
        update("INSERT INTO p VALUES (1), (2)");
        update("INSERT INTO c VALUES (10, 1), (20, 2)");
        update("INSERT INTO g VALUES (20)");
        assertFails("23503", "DELETE FROM p");
        assertEquals(List.of(row(2L), row(2L)), List.of(query("SELECT COUNT(*) FROM p").get(0),
            query("SELECT COUNT(*) FROM c").get(0)));
        assertNotNull(database.catalog().table("G").orElseThrow());
    }
}
