package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.verso.sql.api.ExecutionResult;

/** INSERT ... ON CONFLICT, PostgreSQL's upsert, in one session: its forms, what it counts, and its errors. */
class InsertOnConflictTest extends SqlTestSupport {
    private void accounts() {
        execute("CREATE TABLE acct (id INT PRIMARY KEY, name VARCHAR(20) UNIQUE, bal INT NOT NULL CHECK (bal >= 0), "
            + "hits INT DEFAULT 0)");
        execute("INSERT INTO acct VALUES (1, 'ann', 10, 0), (2, 'bob', 20, 0)");
    }

    @Test
    void doNothingSkipsARowWhoseKeyIsTakenAndInsertsTheOthers() {
        accounts();
        assertEquals(1, update("INSERT INTO acct VALUES (1, 'zed', 99, 0), (3, 'cy', 30, 0) "
            + "ON CONFLICT (id) DO NOTHING"));
        assertEquals(List.of(row(1, "ann", 10, 0), row(2, "bob", 20, 0), row(3, "cy", 30, 0)),
            query("SELECT * FROM acct ORDER BY id"));
        // Without a target, any unique key conflicts: the name here.
        assertEquals(0, update("INSERT INTO acct VALUES (9, 'bob', 1, 0) ON CONFLICT DO NOTHING"));
        // Two proposed rows with one new key: the first is inserted, the second skipped.
        assertEquals(1, update("INSERT INTO acct VALUES (5, 'eve', 5, 0), (5, 'fay', 6, 0) ON CONFLICT DO NOTHING"));
        assertEquals(List.of(row("eve")), query("SELECT name FROM acct WHERE id = 5"));
    }

    @Test
    void doUpdateChangesTheExistingRowWithExcludedValues() {
        accounts();
        assertEquals(2, update("INSERT INTO acct (id, name, bal) VALUES (1, 'ann', 5), (4, 'dee', 7) "
            + "ON CONFLICT (id) DO UPDATE SET bal = acct.bal + EXCLUDED.bal, hits = hits + 1"));
        assertEquals(List.of(row(1, "ann", 15, 1), row(2, "bob", 20, 0), row(4, "dee", 7, 0)),
            query("SELECT * FROM acct ORDER BY id"));
        // The conflict target may be another unique key, and parameters may stand anywhere in the clause.
        assertEquals(1, update("INSERT INTO acct VALUES (?, ?, ?, 0) ON CONFLICT (name) DO UPDATE SET bal = ?, "
            + "hits = excluded.id", 77, "bob", 1, 3));
        assertEquals(List.of(row(2, "bob", 3, 77)), query("SELECT * FROM acct WHERE name = 'bob'"));
    }

    @Test
    void doUpdateWhereSkipsRowsThatDoNotQualify() {
        accounts();
        assertEquals(0, update("INSERT INTO acct VALUES (1, 'ann', 50, 0) ON CONFLICT (id) "
            + "DO UPDATE SET bal = EXCLUDED.bal WHERE acct.bal > 100"));
        assertEquals(1, update("INSERT INTO acct VALUES (1, 'ann', 50, 0) ON CONFLICT ON CONSTRAINT "
            + "acct_pkey DO UPDATE SET bal = EXCLUDED.bal WHERE bal < EXCLUDED.bal"));
        assertEquals(List.of(row(50)), query("SELECT bal FROM acct WHERE id = 1"));
    }

    @Test
    void rowsFromAQueryConflictToo() {
        accounts();
        execute("CREATE TABLE incoming (id INT, name VARCHAR(20), bal INT)");
        execute("INSERT INTO incoming VALUES (1, 'ann', 1), (3, 'cy', 3), (4, 'dee', 4)");
        assertEquals(3, update("INSERT INTO acct (id, name, bal) SELECT id, name, bal FROM incoming WHERE bal > 0 "
            + "ON CONFLICT (id) DO UPDATE SET bal = acct.bal + EXCLUDED.bal"));
        assertEquals(List.of(row(1, 11), row(2, 20), row(3, 3), row(4, 4)),
            query("SELECT id, bal FROM acct ORDER BY id"));
        // An INSERT that reads its own table reads it whole first: each row conflicts with itself, once.
        assertEquals(4, update("INSERT INTO acct SELECT * FROM acct ON CONFLICT (id) "
            + "DO UPDATE SET hits = acct.hits + 1"));
        assertEquals(List.of(row(4L)), query("SELECT SUM(hits) FROM acct"));
    }

    @Test
    void theSameTextWithOtherLiteralsUpsertsItsOwnValues() {
        accounts();
        for (int i = 1; i <= 4; i++) {
            assertEquals(1, update("INSERT INTO acct VALUES (" + i + ", 'n" + i + "', " + i + ", 0) "
                + "ON CONFLICT (id) DO UPDATE SET bal = " + (10 * i)));
        }
        assertEquals(List.of(row(1, "ann", 10), row(2, "bob", 20), row(3, "n3", 3), row(4, "n4", 4)),
            query("SELECT id, name, bal FROM acct ORDER BY id"));
    }

    @Test
    void foreignKeysHoldForInsertedAndUpdatedRows() {
        execute("CREATE TABLE parent (id INT PRIMARY KEY)");
        execute("CREATE TABLE child (id INT PRIMARY KEY, parent INT REFERENCES parent (id))");
        execute("INSERT INTO parent VALUES (1), (2)");
        execute("INSERT INTO child VALUES (10, 1)");
        assertFails("23503", "INSERT INTO child VALUES (10, 9) ON CONFLICT (id) "
            + "DO UPDATE SET parent = EXCLUDED.parent");
        assertFails("23503", "INSERT INTO child VALUES (11, 9) ON CONFLICT (id) DO NOTHING");
        assertEquals(1, update("INSERT INTO child VALUES (10, 2) ON CONFLICT (id) DO UPDATE SET parent = "
            + "EXCLUDED.parent"));
        assertFails("23503", "DELETE FROM parent WHERE id = 2");
        assertEquals(List.of(row(10, 2)), query("SELECT * FROM child"));
    }

    @Test
    void explainAnalyzeRunsTheUpsertAndShowsTheClause() {
        accounts();
        List<List<Object>> lines = query("EXPLAIN ANALYZE INSERT INTO acct VALUES (1, 'ann', 3, 0) "
            + "ON CONFLICT (id) DO UPDATE SET bal = EXCLUDED.bal");
        assertTrue(lines.get(0).get(0).toString().startsWith("VersoOnConflict("), lines.toString());
        assertEquals(List.of(row(3)), query("SELECT bal FROM acct WHERE id = 1"));
    }

    @Test
    void returningGivesTheInsertedAndTheUpdatedRows() {
        accounts();
        ExecutionResult result = session.execute(session.prepare("INSERT INTO acct VALUES (2, 'bob', 1, 0), "
            + "(6, 'gus', 2, 0) ON CONFLICT (id) DO UPDATE SET hits = 9 RETURNING id, hits"), new Object[0]);
        assertEquals(List.of(row(2, 9), row(6, 0)), rows(result));
    }

    @Test
    void theSameStatementCannotUpdateARowTwice() {
        accounts();
        assertFails("21000", "INSERT INTO acct VALUES (7, 'h', 1, 0), (7, 'i', 2, 0) "
            + "ON CONFLICT (id) DO UPDATE SET bal = EXCLUDED.bal");
        assertEquals(List.of(), query("SELECT * FROM acct WHERE id = 7"), "the failed statement left nothing");
    }

    @Test
    void constraintsHoldForTheUpdatedRow() {
        accounts();
        assertFails("23514", "INSERT INTO acct VALUES (1, 'ann', 0, 0) ON CONFLICT (id) DO UPDATE SET bal = -1");
        // A unique key outside the conflict target still fails as in any INSERT.
        assertFails("23505", "INSERT INTO acct VALUES (8, 'ann', 0, 0) ON CONFLICT (id) DO NOTHING ");
        assertFails("23505", "INSERT INTO acct VALUES (1, 'ann', 0, 0) ON CONFLICT (id) DO UPDATE SET name = 'bob'");
        assertEquals(List.of(row(1, "ann", 10, 0), row(2, "bob", 20, 0)), query("SELECT * FROM acct ORDER BY id"));
    }

    @Test
    void clausesThatCannotWorkAreRefusedWithTheirSqlStates() {
        accounts();
        assertFails("42P10", "INSERT INTO acct VALUES (1, 'a', 1, 0) ON CONFLICT (bal) DO NOTHING");
        assertFails("42703", "INSERT INTO acct VALUES (1, 'a', 1, 0) ON CONFLICT (nope) DO NOTHING");
        assertFails("42704", "INSERT INTO acct VALUES (1, 'a', 1, 0) ON CONFLICT ON CONSTRAINT nope DO NOTHING");
        assertFails("42601", "INSERT INTO acct VALUES (1, 'a', 1, 0) ON CONFLICT DO UPDATE SET bal = 1");
        assertFails("42703", "INSERT INTO acct VALUES (1, 'a', 1, 0) ON CONFLICT (id) DO UPDATE SET nope = 1");
        assertFails("42601", "INSERT INTO acct VALUES (1, 'a', 1, 0) ON CONFLICT (id) DO UPDATE SET bal = 1, bal = 2");
        assertFails("42804", "INSERT INTO acct VALUES (1, 'a', 1, 0) ON CONFLICT (id) DO UPDATE SET bal = DATE "
            + "'2026-01-01'");
        assertFails("42804", "INSERT INTO acct VALUES (1, 'a', 1, 0) ON CONFLICT (id) DO UPDATE SET bal = 1 WHERE 5");
        assertFails("0A000", "INSERT INTO acct VALUES (1, 'a', 1, 0) ON CONFLICT (id) DO UPDATE SET bal = MAX(bal)");
        assertFails("42601", "INSERT INTO acct VALUES (1, 'a', 1, 0) ON CONFLICT (id) DO SOMETHING");
        assertEquals(List.of(row(1, "ann", 10, 0), row(2, "bob", 20, 0)), query("SELECT * FROM acct ORDER BY id"));
    }

    /** Subqueries in DO UPDATE's SET and WHERE, correlated with both rows, as PostgreSQL takes them (once 0A000). */
    @Test
    void subqueriesInTheSetValuesAndTheCondition() {
        accounts();
        execute("CREATE TABLE bonus (id INT PRIMARY KEY, amount INT)");
        execute("INSERT INTO bonus VALUES (1, 100), (2, 200)");
        assertEquals(1, update("INSERT INTO acct VALUES (1, 'ann', 5, 0) ON CONFLICT (id) DO UPDATE SET bal = acct.bal "
            + "+ (SELECT amount FROM bonus WHERE bonus.id = EXCLUDED.id), name = (SELECT CAST(COUNT(*) AS VARCHAR(5)) "
            + "FROM bonus), hits = (SELECT MAX(amount) FROM bonus WHERE amount < ?)", 150));
        assertEquals(List.of(row(1, "2", 110, 100)), query("SELECT * FROM acct WHERE id = 1"));
        // The condition reads the existing row: bob's balance of 20 needs a bonus above 2,000 here, 200 there.
        assertEquals(0, update("INSERT INTO acct VALUES (2, 'bob', 5, 0) ON CONFLICT (id) DO UPDATE SET bal = 0 "
            + "WHERE EXISTS (SELECT 1 FROM bonus WHERE amount > acct.bal * 100)"));
        assertEquals(1, update("INSERT INTO acct VALUES (2, 'bob', 5, 0) ON CONFLICT (id) DO UPDATE SET bal = 0 "
            + "WHERE EXISTS (SELECT 1 FROM bonus WHERE amount >= acct.bal * 10)"));
        assertEquals(List.of(row(2, "bob", 0, 0)), query("SELECT * FROM acct WHERE id = 2"));
        // A row proposed without a conflict is inserted as it is; a subquery of more than one row is 21000.
        assertEquals(1, update("INSERT INTO acct VALUES (3, 'cy', 3, 0) ON CONFLICT (id) DO UPDATE SET bal = "
            + "(SELECT amount FROM bonus)"));
        assertFails("21000", "INSERT INTO acct VALUES (3, 'cy', 3, 0) ON CONFLICT (id) DO UPDATE SET bal = "
            + "(SELECT amount FROM bonus)");
        assertFails("42804", "INSERT INTO acct VALUES (3, 'cy', 3, 0) ON CONFLICT (id) DO UPDATE SET bal = "
            + "(SELECT DATE '2026-01-01' FROM bonus WHERE id = 1)");
        assertEquals(List.of(row(3, "cy", 3, 0)), query("SELECT * FROM acct WHERE id = 3"));
    }

    @Test
    void setValuesAreCastToTheirColumnsAsAnUpdateCastsThem() {
        accounts();
        assertEquals(1, update("INSERT INTO acct VALUES (1, 'ann', 1, 0) ON CONFLICT (id) DO UPDATE SET bal = '7', "
            + "name = 12, hits = NULL"));
        assertEquals(List.of(row(1, "12", 7, null)), query("SELECT * FROM acct WHERE id = 1"));
        assertFails("22018", "INSERT INTO acct VALUES (1, 'ann', 1, 0) ON CONFLICT (id) DO UPDATE SET bal = 'x'");
    }

    @Test
    void explainShowsTheClauseAboveTheInsert() {
        accounts();
        String plan = session.prepare("INSERT INTO acct VALUES (?, ?, ?, 0) ON CONFLICT (id) DO UPDATE SET "
            + "bal = EXCLUDED.bal").explain();
        // The SET value reads the proposed row's BAL: the existing row's four columns come first.
        assertTrue(plan.startsWith("VersoOnConflict(table=[ACCT], indexes=[ACCT_PKEY], action=[UPDATE], "
            + "set=[BAL=$6])\n  VersoTableModify("), plan);
        assertEquals(4, session.prepare("INSERT INTO acct VALUES (?, ?, ?, 0) ON CONFLICT (id) DO UPDATE SET "
            + "bal = ?").parameters().size());
    }

    @Test
    void wordsOfTheClauseStayUsableAsNames() {
        execute("CREATE TABLE conflict (do INT PRIMARY KEY, nothing INT)");
        execute("INSERT INTO conflict (do, nothing) VALUES (1, 1)");
        assertEquals(1, update("INSERT INTO conflict VALUES (1, 5) ON CONFLICT (do) DO UPDATE SET nothing = "
            + "conflict.nothing + excluded.nothing"));
        assertEquals(List.of(row(1, 6)), query("SELECT do, nothing FROM conflict"));
    }
}
