package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** SELECT ... FOR UPDATE: parsed, flagged in the plan, and for now read like a plain SELECT. */
class ForUpdateTest extends SqlTestSupport {
    @BeforeEach
    void table() {
        execute("CREATE TABLE district (w INT NOT NULL, d INT NOT NULL, next_o INT, PRIMARY KEY (w, d))");
        update("INSERT INTO district VALUES (1, 1, 3001), (1, 2, 3002)");
    }

    @Test
    void theBenchBaseStatementsRunAndAreFlagged() {
        PreparedSql plain = session.prepare("SELECT next_o FROM district WHERE w = ? AND d = ?");
        PreparedSql locking = session.prepare("SELECT next_o FROM district WHERE w = ? AND d = ? FOR UPDATE");
        assertFalse(plain.compiled().forUpdate());
        assertTrue(locking.compiled().forUpdate());
        assertEquals(List.of(row(3002)), query("SELECT next_o FROM district WHERE w = ? AND d = ? FOR UPDATE", 1, 2));
        assertEquals(List.of(row(2L)), List.of(row((long) query("SELECT * FROM district FOR UPDATE").size())));
        assertEquals(List.of(row(3001)), query("SELECT next_o FROM district ORDER BY d LIMIT 1 FOR UPDATE"));
    }

    @Test
    void shapesWhoseRowsAreNotTableRowsAreRefused() {
        assertFails("0A000", "SELECT COUNT(*) FROM district FOR UPDATE");
        assertFails("0A000", "SELECT a.d FROM district a JOIN district b ON a.d = b.d FOR UPDATE");
    }

    @Test
    @Disabled("FOR UPDATE takes no lock yet: RowLocks.lockForUpdate is filled in with the transaction layer's "
        + "row write intent")
    void aLockedRowMakesAConcurrentUpdaterFail() {
        session.setAutoCommit(false);
        query("SELECT next_o FROM district WHERE w = 1 AND d = 1 FOR UPDATE");
        try (Session other = engine.openSession()) {
            other.setAutoCommit(false);
            org.junit.jupiter.api.Assertions.assertThrows(org.verso.common.VersoException.class,
                () -> other.execute("UPDATE district SET next_o = 0 WHERE w = 1 AND d = 1"));
        }
        session.commit();
    }
}
