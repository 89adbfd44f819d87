package org.verso.sql;

import org.verso.sql.api.PreparedSql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.verso.sql.api.DatabaseLease;
import org.verso.sql.api.DatabaseSettings;
import org.verso.sql.api.Databases;
import org.verso.sql.api.SqlSession;

/** The plan cache is shared by sessions, hit without any planning, and invalidated by DDL. */
class PlanCacheTest extends SqlTestSupport {
    @Test
    void leasesOfOneDatabaseShareOneEngineAndItsPlanCache() {
        DatabaseSettings settings = DatabaseSettings.parse("mem:plans-" + UUID.randomUUID());
        try (DatabaseLease first = Databases.open(settings); DatabaseLease second = Databases.open(settings);
             SqlSession a = first.openSession(); SqlSession b = second.openSession()) {
            assertSame(a.prepare("SELECT 1 FROM (VALUES (0))"), b.prepare("SELECT 1 FROM (VALUES (0))"));
        }
    }

    @Test
    void reExecutionAndOtherSessionsDoNoPlanning() {
        execute("CREATE TABLE t (id INT NOT NULL, v INT, PRIMARY KEY (id))");
        String insert = "INSERT INTO t VALUES (?, ?)";
        update(insert, 1, 10);
        long planned = engine.planCount();
        for (int i = 2; i <= 50; i++) {
            update(insert, i, i * 10);
        }
        try (Session other = engine.openSession()) {
            PreparedSql again = other.prepare(insert);
            assertSame(session.prepare(insert), again);
            other.execute(again, new Object[] {51, 510});
        }
        assertEquals(planned, engine.planCount());
        assertEquals(List.of(row(51L)), query("SELECT COUNT(*) FROM t"));
    }

    @Test
    void ddlInvalidatesCachedPlans() {
        execute("CREATE TABLE t (id INT NOT NULL, v INT, PRIMARY KEY (id))");
        update("INSERT INTO t VALUES (1, 10)");
        PreparedSql select = session.prepare("SELECT * FROM t");
        assertEquals(List.of(row(1, 10)), rows(session.execute(select, new Object[0])));

        execute("DROP TABLE t");
        assertFails("42P01", "SELECT * FROM t");
        execute("CREATE TABLE t (id INT NOT NULL, v VARCHAR(5), w INT, PRIMARY KEY (id))");
        update("INSERT INTO t VALUES (2, 'x', 3)");

        PreparedSql replanned = session.prepare("SELECT * FROM t");
        assertNotSame(select, replanned);
        assertEquals(3, replanned.columns().size());
        // a statement prepared before the DDL is planned again when it runs
        assertEquals(List.of(row(2, "x", 3)), rows(session.execute(select, new Object[0])));
    }
}
