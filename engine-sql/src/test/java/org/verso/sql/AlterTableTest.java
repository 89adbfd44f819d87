package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ALTER TABLE on a table that has rows: older rows read added columns as their default. */
class AlterTableTest extends SqlTestSupport {
    @BeforeEach
    void table() {
        execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        update("INSERT INTO t VALUES (1, 10), (2, 20)");
    }

    @Test
    void addedColumnsReadTheirDefaultInOldRows() {
        execute("ALTER TABLE t ADD COLUMN status VARCHAR(10) DEFAULT 'new' NOT NULL");
        execute("ALTER TABLE t ADD note VARCHAR(10)");
        update("INSERT INTO t (id, v) VALUES (3, 30)");
        update("INSERT INTO t VALUES (4, 40, 'done', 'x')");
        assertEquals(List.of(row(1, 10, "new", null), row(2, 20, "new", null), row(3, 30, "new", null),
            row(4, 40, "done", "x")), query("SELECT * FROM t ORDER BY id"));
        update("UPDATE t SET status = 'old' WHERE id = 1");
        assertEquals(List.of(row(1, "old"), row(2, "new")), query("SELECT id, status FROM t WHERE id < 3 ORDER BY id"));
        assertEquals(List.of(row(2L)), query("SELECT COUNT(*) FROM t WHERE status = 'new' AND id < 4"));
    }

    @Test
    void addColumnRefusals() {
        assertFails("23502", "ALTER TABLE t ADD COLUMN must INT NOT NULL");
        assertFails("0A000", "ALTER TABLE t ADD COLUMN n SERIAL");
        assertFails("42701", "ALTER TABLE t ADD COLUMN v INT");
        assertFails("0A000", "ALTER TABLE t ADD COLUMN k INT PRIMARY KEY");
        assertFails("42P01", "ALTER TABLE nowhere ADD COLUMN a INT");
        assertEquals(2, database.catalog().table("T").orElseThrow().columnCount(), "nothing was added");
    }

    @Test
    void anEmptyTableCanGainIdentityAndNotNullColumns() {
        execute("CREATE TABLE e (a INT)");
        execute("ALTER TABLE e ADD COLUMN id BIGINT GENERATED ALWAYS AS IDENTITY");
        execute("ALTER TABLE e ADD COLUMN must INT NOT NULL");
        update("INSERT INTO e (a, must) VALUES (1, 2)");
        assertEquals(List.of(row(1, 1L, 2)), query("SELECT * FROM e"));
    }

    @Test
    void addedConstraintsAreCheckedAgainstExistingRows() {
        assertFails("23514", "ALTER TABLE t ADD CONSTRAINT small CHECK (v < 15)");
        execute("ALTER TABLE t ADD CONSTRAINT small CHECK (v < 100)");
        assertFails("23514", "INSERT INTO t VALUES (3, 500)");
        execute("ALTER TABLE t DROP CONSTRAINT small");
        update("INSERT INTO t VALUES (3, 500)");

        update("INSERT INTO t VALUES (4, 500)");
        assertFails("23505", "ALTER TABLE t ADD CONSTRAINT v_unique UNIQUE (v)");
        update("DELETE FROM t WHERE id = 4");
        execute("ALTER TABLE t ADD CONSTRAINT v_unique UNIQUE (v)");
        assertFails("23505", "INSERT INTO t VALUES (5, 10)");

        execute("CREATE TABLE p (id INT PRIMARY KEY)");
        update("INSERT INTO p VALUES (10), (20)");
        assertFails("23503", "ALTER TABLE t ADD FOREIGN KEY (v) REFERENCES p");
        update("DELETE FROM t WHERE id = 3");
        execute("ALTER TABLE t ADD FOREIGN KEY (v) REFERENCES p");
        assertFails("23503", "INSERT INTO t VALUES (6, 30)");
        assertTrue(assertFails("42704", "ALTER TABLE t DROP CONSTRAINT nope").getMessage().contains("NOPE"));
        assertFails("0A000", "ALTER TABLE t DROP CONSTRAINT t_pkey".toUpperCase());
    }

    @Test
    void constraintsOnAnAddedColumnSeeTheValueOldRowsRead() {
        assertFails("23505", "ALTER TABLE t ADD COLUMN code INT DEFAULT 5 UNIQUE");
        assertFails("23514", "ALTER TABLE t ADD COLUMN qty INT DEFAULT 5 CHECK (qty > 10)");
        execute("ALTER TABLE t ADD COLUMN code INT UNIQUE CHECK (code > 0)");
        update("UPDATE t SET code = id");
        assertFails("23505", "UPDATE t SET code = 1");
        assertFails("23514", "INSERT INTO t VALUES (3, 30, -1)");
        assertEquals(List.of(row(1, 10, 1), row(2, 20, 2)), query("SELECT * FROM t ORDER BY id"));
    }

    @Test
    void aConstantDefaultIsEvaluatedOnceForOldRows() {
        execute("ALTER TABLE t ADD COLUMN added TIMESTAMP DEFAULT CURRENT_TIMESTAMP");
        List<List<Object>> rows = query("SELECT added FROM t ORDER BY id");
        assertEquals(rows.get(0), rows.get(1), "every older row reads the one value the ALTER computed");
        assertTrue(rows.get(0).get(0) != null);
    }

    /**
     * A foreign key needs a unique key on the columns it references: dropping the only one (a UNIQUE constraint or a
     * unique index) fails with 2BP01, as in PostgreSQL, or with CASCADE removes the foreign keys too. Another unique
     * key on the same columns keeps them.
     */
    @Test
    void theUniqueKeyAForeignKeyReferencesIsNotDroppedFromUnderIt() {
        execute("CREATE TABLE p (id INT PRIMARY KEY, code INT, num INT, CONSTRAINT p_code UNIQUE (code))");
        execute("CREATE UNIQUE INDEX p_num ON p (num)");
        update("INSERT INTO p VALUES (1, 10, 100)");
        execute("CREATE TABLE c (id INT PRIMARY KEY, pcode INT REFERENCES p (code), pnum INT REFERENCES p (num))");
        update("INSERT INTO c VALUES (1, 10, 100)");

        assertTrue(assertFails("2BP01", "ALTER TABLE p DROP CONSTRAINT p_code").getMessage().contains("C_PCODE_FKEY"));
        assertFails("2BP01", "DROP INDEX p_num");
        assertFails("23503", "INSERT INTO c VALUES (2, 99, NULL)");
        assertFails("23503", "INSERT INTO c VALUES (2, NULL, 999)");

        execute("CREATE UNIQUE INDEX p_code_again ON p (code)");
        execute("ALTER TABLE p DROP CONSTRAINT p_code"); // p_code_again is a unique key on code too
        assertFails("2BP01", "DROP INDEX p_code_again");
        assertFails("23503", "INSERT INTO c VALUES (2, 99, NULL)");

        execute("DROP INDEX p_num CASCADE");
        execute("ALTER TABLE p ADD CONSTRAINT p_code UNIQUE (code)");
        execute("ALTER TABLE p DROP CONSTRAINT p_code CASCADE"); // p_code_again still holds: the key stays
        execute("DROP INDEX p_code_again CASCADE");
        assertEquals(List.of(), database.catalog().table("C").orElseThrow().foreignKeys());
        update("INSERT INTO c VALUES (2, 99, 999)"); // no foreign key is left to check
        update("INSERT INTO p VALUES (2, 10, 100)"); // nor a unique key on code or num
    }
}
