package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.verso.sql.api.PreparedSql;

/** MERGE in one session: its forms, the rows it counts, what it refuses and the plan it runs. */
class MergeTest extends SqlTestSupport {
    private void tables() {
        execute("CREATE TABLE t (id INT PRIMARY KEY, v INT CHECK (v >= 0), note VARCHAR(10) DEFAULT 'new')");
        execute("CREATE TABLE s (id INT, v INT)");
        execute("INSERT INTO t VALUES (1, 10, 'a'), (2, 20, 'b')");
        execute("INSERT INTO s VALUES (1, 5), (3, 7)");
    }

    @Test
    void matchedRowsAreUpdatedAndTheOthersInserted() {
        tables();
        assertEquals(2, update("MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = t.v + s.v "
            + "WHEN NOT MATCHED THEN INSERT (id, v) VALUES (s.id, s.v)"));
        assertEquals(List.of(row(1, 15, "a"), row(2, 20, "b"), row(3, 7, "new")), query("SELECT * FROM t ORDER BY id"));
    }

    @Test
    void aValuesSourceWithParametersAndNamesAlone() {
        tables();
        String merge = "MERGE INTO t AS x USING (VALUES (?, ?)) AS n (id, v) ON x.id = n.id "
            + "WHEN MATCHED THEN UPDATE SET v = n.v + ? WHEN NOT MATCHED THEN INSERT VALUES (id, v, ?)";
        PreparedSql prepared = session.prepare(merge);
        assertEquals(4, prepared.parameters().size());
        assertEquals(1, session.execute(prepared, new Object[] {2, 1, 100, "x"}).updateCount());
        assertEquals(1, session.execute(prepared, new Object[] {9, 4, 100, "nine"}).updateCount());
        assertEquals(List.of(row(1, 10, "a"), row(2, 101, "b"), row(9, 4, "nine")),
            query("SELECT * FROM t ORDER BY id"));
        // A string parameter takes any length in the source: the target column reports one too long.
        assertFails("22001", merge, 8, 1, 0, "much too long");
    }

    @Test
    void eitherClauseAlone() {
        tables();
        assertEquals(1, update("MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET note = 'hit'"));
        assertEquals(1, update("MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.v, "
            + "DEFAULT)"));
        assertEquals(List.of(row(1, 10, "hit"), row(2, 20, "b"), row(3, 7, "new")),
            query("SELECT * FROM t ORDER BY id"));
        // A condition on no key matches by scanning: (1, 5) finds no row with v = 5, (3, 7) finds row 3.
        assertEquals(1, update("MERGE INTO t USING s ON t.v = s.v WHEN NOT MATCHED THEN INSERT VALUES (s.id + 10, 0, "
            + "'x')"));
        assertEquals(List.of(row(11, 0)), query("SELECT id, v FROM t WHERE id > 3"));
    }

    @Test
    void whenClausesWithConditionsDeleteAndDoNothingAreTriedInOrder() {
        tables();
        execute("INSERT INTO s VALUES (2, -1), (4, -4), (5, 50)");
        // s: (1, 5) updates row 1; (2, -1) deletes row 2; (3, 7) is inserted; (4, -4) is left out by DO NOTHING;
        // (5, 50) is inserted by the last clause.
        assertEquals(4, update("MERGE INTO t USING s ON t.id = s.id "
            + "WHEN MATCHED AND s.v < 0 THEN DELETE "
            + "WHEN MATCHED THEN UPDATE SET v = s.v "
            + "WHEN NOT MATCHED AND s.v < 0 THEN DO NOTHING "
            + "WHEN NOT MATCHED AND s.v < 10 THEN INSERT (id, v) VALUES (s.id, s.v) "
            + "WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.v, 'big')"));
        assertEquals(List.of(row(1, 5, "a"), row(3, 7, "new"), row(5, 50, "big")),
            query("SELECT * FROM t ORDER BY id"));
        // A matched row no clause takes is left alone.
        assertEquals(0, update("MERGE INTO t USING s ON t.id = s.id WHEN MATCHED AND s.v > 100 THEN DELETE"));
        assertEquals(3L, query("SELECT COUNT(*) FROM t").get(0).get(0));
    }

    @Test
    void aDeletedParentStillReferencedFails() {
        tables();
        execute("CREATE TABLE child (id INT PRIMARY KEY, parent INT REFERENCES t (id))");
        execute("INSERT INTO child VALUES (100, 1)");
        assertFails("23503", "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE");
        assertEquals(1, update("MERGE INTO t USING (VALUES (2)) AS d (id) ON t.id = d.id WHEN MATCHED THEN DELETE"));
        assertEquals(List.of(row(1)), query("SELECT id FROM t"));
    }

    @Test
    void theMergesOwnInsertsAreNeverMatched() {
        tables();
        execute("INSERT INTO s VALUES (3, 8)");
        // Both (3, 7) and (3, 8) are unmatched when the statement starts: the second insert takes a key the first took.
        assertFails("23505", "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v "
            + "WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.v, 'x')");
        assertEquals(List.of(row(1, 10), row(2, 20)), query("SELECT id, v FROM t ORDER BY id"),
            "the failed MERGE left nothing");
    }

    @Test
    void aTargetRowMatchedTwiceIsNotUpdatedTwice() {
        tables();
        execute("INSERT INTO s VALUES (1, 6)");
        assertFails("21000", "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v");
        assertEquals(List.of(row(1, 10)), query("SELECT id, v FROM t WHERE id = 1"));
        // Without an UPDATE a second match changes nothing, so it is no error: (3, 7) alone is inserted.
        assertEquals(1, update("MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, 0, "
            + "'x')"));
        assertEquals(List.of(row(1), row(2), row(3)), query("SELECT id FROM t ORDER BY id"));
    }

    @Test
    void aSourceThatReadsTheTargetSeesItAsTheStatementFoundIt() {
        tables();
        assertEquals(2, update("MERGE INTO t USING t AS old ON t.id = old.id + 1 WHEN MATCHED THEN UPDATE SET "
            + "v = old.v WHEN NOT MATCHED THEN INSERT VALUES (old.id + 1, old.v, 'shift')"));
        assertEquals(List.of(row(1, 10), row(2, 10), row(3, 20)), query("SELECT id, v FROM t ORDER BY id"));
    }

    @Test
    void constraintsHoldForUpdatedAndInsertedRows() {
        tables();
        assertFails("23514", "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = -1");
        assertFails("23514", "MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, -1, "
            + "'x')");
        assertFails("22001", "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET note = 'far too long'");
        assertEquals(List.of(row(1, 10, "a"), row(2, 20, "b")), query("SELECT * FROM t ORDER BY id"));
    }

    /** Subqueries in the clauses' conditions, SET values and INSERT values, as PostgreSQL takes them (once 0A000). */
    @Test
    void subqueriesInTheClauses() {
        tables();
        execute("CREATE TABLE caps (id INT PRIMARY KEY, cap INT)");
        execute("INSERT INTO caps VALUES (1, 12), (3, 100)");
        // Row 1 matches and is capped by its own cap; source row 3 is inserted with its cap's tenth.
        assertEquals(2, update("MERGE INTO t USING s ON t.id = s.id "
            + "WHEN MATCHED AND EXISTS (SELECT 1 FROM caps WHERE caps.id = t.id) THEN UPDATE SET v = "
            + "LEAST(t.v + s.v, (SELECT cap FROM caps WHERE caps.id = t.id)) "
            + "WHEN NOT MATCHED AND s.v < (SELECT MAX(cap) FROM caps) THEN INSERT (id, v, note) VALUES (s.id, "
            + "(SELECT cap / 10 FROM caps WHERE caps.id = s.id), (SELECT CAST(COUNT(*) AS VARCHAR(10)) FROM caps))"));
        assertEquals(List.of(row(1, 12, "a"), row(2, 20, "b"), row(3, 10, "2")), query("SELECT * FROM t ORDER BY id"));
        // Row 3's cap is above 50: it is deleted; row 1's is not, and the next clause updates it.
        assertEquals(2, update("MERGE INTO t USING s ON t.id = s.id WHEN MATCHED AND (SELECT cap FROM caps WHERE "
            + "caps.id = s.id) > 50 THEN DELETE WHEN MATCHED THEN UPDATE SET note = 'kept'"));
        assertEquals(List.of(row(1, 12, "kept"), row(2, 20, "b")), query("SELECT * FROM t ORDER BY id"));
        // In the ON condition: source row 1 (v 5) is below row 1's highest cap, so it matches.
        assertEquals(1, update("MERGE INTO t USING s ON t.id = s.id AND s.v < (SELECT MAX(cap) FROM caps WHERE "
            + "caps.id <= t.id) WHEN MATCHED THEN UPDATE SET note = 'on' WHEN NOT MATCHED THEN DO NOTHING"));
        assertEquals(List.of(row(1, 12, "on"), row(2, 20, "b")), query("SELECT * FROM t ORDER BY id"));
    }

    @Test
    void statementsThatCannotWorkAreRefusedWithTheirSqlStates() {
        tables();
        assertFails("42702", "MERGE INTO t USING s ON id = s.id WHEN MATCHED THEN UPDATE SET v = 1");
        assertFails("42703", "MERGE INTO t USING s ON t.id = s.nope WHEN MATCHED THEN UPDATE SET v = 1");
        assertFails("42703", "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET nope = 1");
        assertFails("42703", "MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, t.v, "
            + "'x')");
        assertFails("42804", "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = DATE "
            + "'2026-01-01'");
        assertFails("42804", "MERGE INTO t USING s ON s.v WHEN MATCHED THEN UPDATE SET v = 1");
        assertFails("0A000", "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = MAX(s.v)");
        assertFails("42P01", "MERGE INTO nope USING s ON nope.id = s.id WHEN MATCHED THEN UPDATE SET v = 1");
        execute("CREATE VIEW tv AS SELECT * FROM t");
        assertFails("0A000", "MERGE INTO tv USING s ON tv.id = s.id WHEN MATCHED THEN UPDATE SET v = 1");
        assertFails("42601", "MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id)");
        assertFails("42601", "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN INSERT VALUES (s.id, 1, 'x')");
        assertFails("42601", "MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN DELETE");
        assertFails("42601", "MERGE INTO t USING s ON t.id = s.id");
        assertFails("42703", "MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED AND t.v > 1 THEN DO NOTHING");
        assertEquals(List.of(row(1, 10, "a"), row(2, 20, "b")), query("SELECT * FROM t ORDER BY id"));
    }

    @Test
    void h2sMergeByKeyUpdatesTheRowWithTheKeyOrInsertsOne() {
        tables();
        assertEquals(2, update("MERGE INTO t KEY (id) VALUES (1, 99, 'k'), (5, 5, 'five')"));
        // Without KEY the primary key decides; only the columns given are set.
        assertEquals(2, update("MERGE INTO t (id, v) VALUES (2, 7), (6, 6)"));
        assertEquals(2, update("MERGE INTO t (id, v) SELECT id, v + 100 FROM s"));
        assertEquals(List.of(row(1, 105, "k"), row(2, 7, "b"), row(3, 107, "new"), row(5, 5, "five"),
            row(6, 6, "new")), query("SELECT * FROM t ORDER BY id"));
        // A row that gives only its key updates nothing but counts, as H2 counts it.
        assertEquals(1, update("MERGE INTO t (id) KEY (id) VALUES (6)"));
        assertTrue(session.prepare("MERGE INTO t KEY (id) VALUES (?, ?, ?)").explain()
            .startsWith("VersoOnConflict(table=[T], indexes=[T_PKEY], action=[UPDATE], set=[V=$4, NOTE=$5])"));
        assertFails("42P10", "MERGE INTO t KEY (v) VALUES (1, 1, 'x')");
        execute("CREATE TABLE nokey (a INT, b INT)");
        assertFails("42P10", "MERGE INTO nokey VALUES (1, 1)");
        assertFails("42P01", "MERGE INTO nope KEY (id) VALUES (1)");
    }

    @Test
    void explainShowsTheMatchAsAKeyLookup() {
        tables();
        String plan = session.prepare("MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v "
            + "WHEN NOT MATCHED THEN INSERT (id, v) VALUES (s.id, s.v)").explain();
        assertTrue(plan.startsWith("VersoMerge(table=[T], on=[=($0, $3)])\n  source:\n"), plan);
        assertTrue(plan.contains("\n  WHEN MATCHED THEN UPDATE V=$4\n  WHEN NOT MATCHED THEN INSERT\n"), plan);
        assertTrue(plan.contains("VersoKeyLookup(table=[[PUBLIC, T]]"), plan);
        List<List<Object>> lines = query("EXPLAIN MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET "
            + "v = s.v");
        assertTrue(lines.get(0).get(0).toString().startsWith("VersoMerge(table=[T]"), lines.toString());
    }
}
