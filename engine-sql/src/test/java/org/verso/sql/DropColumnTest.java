package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.core.catalog.TableDefinition;

/**
 * ALTER TABLE ... DROP COLUMN on a table with rows: the column is gone from every statement, rows stored before and
 * after read the columns that remain, and what contained the column goes with it as in PostgreSQL (indexes, CHECK
 * constraints, the table's foreign keys), while what depends on it from elsewhere (another table's foreign key, a
 * view) fails the drop with 2BP01 unless it cascades.
 */
class DropColumnTest extends SqlTestSupport {
    @BeforeEach
    void table() {
        execute("CREATE TABLE t (id INT PRIMARY KEY, v INT, name VARCHAR(10), qty DECIMAL(8, 2))");
        update("INSERT INTO t VALUES (1, 10, 'one', 1.50), (2, 20, 'two', 2.50), (3, NULL, 'three', NULL)");
    }

    @Test
    void theColumnIsGoneAndOlderAndNewerRowsReadTheRest() {
        execute("ALTER TABLE t DROP COLUMN v");
        assertEquals(List.of(row(1, "one", bd("1.50")), row(2, "two", bd("2.50")), row(3, "three", null)),
            query("SELECT * FROM t ORDER BY id"));
        update("INSERT INTO t VALUES (4, 'four', 4.00)");
        update("INSERT INTO t (qty, id) VALUES (5.25, 5)");
        update("UPDATE t SET name = 'TWO', qty = qty * 2 WHERE id = 2");
        update("DELETE FROM t WHERE id = 1");
        assertEquals(List.of(row(2, "TWO", bd("5.00")), row(3, "three", null), row(4, "four", bd("4.00")),
            row(5, null, bd("5.25"))), query("SELECT * FROM t ORDER BY id"));
        assertFails("42703", "SELECT v FROM t");
        assertFails("42703", "INSERT INTO t (id, v) VALUES (9, 9)");
        assertFails("42703", "UPDATE t SET v = 1");
        assertFails("42601", "INSERT INTO t VALUES (9, 9, 'x', 1)"); // one value too many
        assertEquals(3, database.catalog().table("T").orElseThrow().columnCount());

        execute("ALTER TABLE t ADD COLUMN v VARCHAR(5) DEFAULT 'new'"); // a new column: the old values stay gone
        execute("ALTER TABLE t DROP name");
        update("INSERT INTO t VALUES (6, 6.00, 'six')");
        assertEquals(List.of(row(2, bd("5.00"), "new"), row(3, null, "new"), row(4, bd("4.00"), "new"),
            row(5, bd("5.25"), "new"), row(6, bd("6.00"), "six")), query("SELECT * FROM t ORDER BY id"));
        TableDefinition stored = database.catalog().table("T").orElseThrow();
        assertEquals(2, stored.droppedColumns().size());
        assertEquals(List.of(1, 2), stored.droppedColumns().stream().map(d -> d.place()).toList());
    }

    @Test
    void indexesAndConstraintsOnLaterColumnsKeepWorking() {
        execute("CREATE INDEX t_name ON t (name)");
        execute("CREATE UNIQUE INDEX t_qty_name ON t (qty, name)");
        execute("CREATE INDEX t_v ON t (v)");
        execute("CREATE INDEX t_v_name ON t (v, name)");
        execute("ALTER TABLE t ADD CONSTRAINT name_unique UNIQUE (name)");
        execute("ALTER TABLE t ADD CONSTRAINT v_small CHECK (v < 100)");
        execute("ALTER TABLE t ADD CONSTRAINT v_qty CHECK (v IS NULL OR qty IS NOT NULL)");
        execute("ALTER TABLE t ADD CONSTRAINT qty_positive CHECK (qty > 0)");

        execute("ALTER TABLE t DROP COLUMN v");

        TableDefinition stored = database.catalog().table("T").orElseThrow();
        assertEquals(List.of("T_PKEY", "T_NAME", "T_QTY_NAME", "NAME_UNIQUE"),
            stored.indexes().stream().map(i -> i.name()).toList(), "the indexes on v went with it");
        assertEquals(List.of("QTY_POSITIVE"), stored.checks().stream().map(c -> c.name()).toList());
        String plan = query("EXPLAIN PLAN FOR SELECT id FROM t WHERE name = 'two'").toString();
        assertTrue(plan.contains("T_NAME") || plan.contains("NAME_UNIQUE"), plan);
        assertEquals(List.of(row(2)), query("SELECT id FROM t WHERE name = 'two'"));
        assertEquals(List.of(row(3)), query("SELECT id FROM t WHERE name = ?", "three"));
        assertFails("23505", "INSERT INTO t VALUES (7, 'one', 9.00)");
        assertFails("23514", "INSERT INTO t VALUES (7, 'seven', -1.00)");
        update("INSERT INTO t VALUES (7, 'seven', 7.00)");
        update("UPDATE t SET name = 'uno' WHERE id = 1");
        assertEquals(List.of(row(1, "uno")), query("SELECT id, name FROM t WHERE name = 'uno'"));
        assertEquals(List.of(), query("SELECT id FROM t WHERE name = 'one'"));
        assertEquals(List.of(row(7)), query("SELECT id FROM t WHERE qty = 7.00 AND name = 'seven'"));
    }

    @Test
    void foreignKeysOfTheTableGoAndThoseToItMoveOrDependOnIt() {
        execute("CREATE TABLE parent (a INT, id INT PRIMARY KEY, code INT UNIQUE, other INT UNIQUE)");
        update("INSERT INTO parent VALUES (0, 1, 100, 1000), (0, 2, 200, 2000)");
        execute("CREATE TABLE child (id INT PRIMARY KEY, pid INT REFERENCES parent (id), "
            + "pcode INT REFERENCES parent (code), pother INT REFERENCES parent (other))");
        update("INSERT INTO child VALUES (1, 1, 100, 1000)");

        assertFails("2BP01", "ALTER TABLE parent DROP COLUMN code");
        execute("ALTER TABLE parent DROP COLUMN a"); // the keys to id, code and other move down by one
        assertFails("23503", "INSERT INTO child VALUES (2, 3, NULL, NULL)");
        assertFails("23503", "INSERT INTO child VALUES (2, NULL, 300, NULL)");
        assertFails("23503", "INSERT INTO child VALUES (2, NULL, NULL, 3000)");
        update("INSERT INTO child VALUES (2, 2, 200, 2000)");
        assertFails("23503", "DELETE FROM parent WHERE id = 2");

        execute("ALTER TABLE parent DROP COLUMN code CASCADE"); // removes child's key to it, not child's column
        update("INSERT INTO child VALUES (3, 1, 999, 1000)");
        execute("ALTER TABLE child DROP COLUMN pid"); // the table's own key goes with its column
        update("INSERT INTO child VALUES (4, 5, 2000)");
        assertFails("23503", "INSERT INTO child VALUES (5, 5, 5)");
        assertEquals(List.of("CHILD_POTHER_FKEY"), database.catalog().table("CHILD").orElseThrow().foreignKeys()
            .stream().map(k -> k.name()).toList());
    }

    @Test
    void viewsThatReadTheColumnDependOnItOthersStay() {
        execute("CREATE VIEW names AS SELECT id, name FROM t");
        execute("CREATE VIEW vs AS SELECT id, v FROM t WHERE v > 0");
        execute("CREATE VIEW everything AS SELECT * FROM t");
        execute("CREATE VIEW vs_again AS SELECT id FROM vs");
        assertTrue(assertFails("2BP01", "ALTER TABLE t DROP COLUMN v").getMessage().contains("VS"));
        execute("ALTER TABLE t DROP COLUMN v CASCADE");
        assertFalse(database.catalog().view("VS").isPresent());
        assertFalse(database.catalog().view("VS_AGAIN").isPresent(), "a view reading a dropped view goes too");
        assertFalse(database.catalog().view("EVERYTHING").isPresent(), "its * was expanded: it read v");
        assertEquals(List.of(row(1, "one"), row(2, "two")), query("SELECT * FROM names WHERE id < 3 ORDER BY id"));
    }

    @Test
    void refusalsAndIfExists() {
        assertTrue(assertFails("0A000", "ALTER TABLE t DROP COLUMN id").getMessage().contains("primary key"));
        assertTrue(assertFails("42703", "ALTER TABLE t DROP COLUMN nope").getMessage().contains("NOPE"));
        execute("ALTER TABLE t DROP COLUMN IF EXISTS nope");
        assertFails("42P01", "ALTER TABLE nowhere DROP COLUMN v");
        execute("CREATE TABLE solo (only_column INT)");
        assertFails("42P16", "ALTER TABLE solo DROP COLUMN only_column");
        assertFails("42704", "ALTER TABLE t DROP CONSTRAINT nope");
        execute("ALTER TABLE t DROP CONSTRAINT IF EXISTS nope");
        assertEquals(4, database.catalog().table("T").orElseThrow().columnCount(), "nothing was dropped");
        assertEquals(List.of(row(1, 10, "one", bd("1.50"))), query("SELECT * FROM t WHERE id = 1"));
    }

    @Test
    void anIdentityColumnTakesItsSequenceWithIt() {
        execute("CREATE TABLE g (n INT, id BIGINT GENERATED ALWAYS AS IDENTITY, label VARCHAR(5))");
        update("INSERT INTO g (n, label) VALUES (1, 'a'), (2, 'b')");
        long sequences = database.catalog().sequences().size();
        execute("ALTER TABLE g DROP COLUMN id");
        assertEquals(sequences - 1, database.catalog().sequences().size());
        update("INSERT INTO g VALUES (3, 'c')");
        assertEquals(List.of(row(1, "a"), row(2, "b"), row(3, "c")), query("SELECT * FROM g ORDER BY n"));
    }

    @Test
    void aPreparedStatementPlannedBeforeTheDropIsPlannedAgain() {
        var select = session.prepare("SELECT * FROM t WHERE id = ?");
        var insert = session.prepare("INSERT INTO t (id, name) VALUES (?, ?)");
        execute("ALTER TABLE t DROP COLUMN v");
        assertEquals(List.of(row(1, "one", bd("1.50"))), rows(session.execute(select, new Object[] {1})));
        assertEquals(1, session.execute(insert, new Object[] {8, "eight"}).updateCount());
        assertEquals(List.of(row(8, "eight", null)), query("SELECT * FROM t WHERE id = 8"));
    }

    private static java.math.BigDecimal bd(String value) {
        return new java.math.BigDecimal(value);
    }
}
