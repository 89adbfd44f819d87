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
        assertFails("42P16", "ALTER TABLE t ADD COLUMN k INT PRIMARY KEY"); // t has one already
        assertFails("42P01", "ALTER TABLE nowhere ADD COLUMN a INT");
        assertEquals(2, database.catalog().table("T").orElseThrow().columnCount(), "nothing was added");
    }

    @Test
    void aPrimaryKeyIsAddedToATableThatHasNoneOnceItsRowsFit() {
        execute("CREATE TABLE n (id INT, code VARCHAR(5), v INT)");
        update("INSERT INTO n VALUES (1, 'a', 10), (2, 'b', 20), (2, 'c', 30), (NULL, 'd', 40)");
        assertFails("23502", "ALTER TABLE n ADD PRIMARY KEY (id)");
        update("DELETE FROM n WHERE code = 'd'");
        assertFails("23505", "ALTER TABLE n ADD PRIMARY KEY (id)");
        assertTrue(database.catalog().table("N").orElseThrow().primaryKey().length == 0, "no key after refusals");
        assertTrue(database.catalog().table("N").orElseThrow().column(0).nullable(), "and the column still nullable");
        update("UPDATE n SET id = 3 WHERE code = 'c'");
        execute("ALTER TABLE n ADD CONSTRAINT n_pk PRIMARY KEY (id)");

        assertFails("23505", "INSERT INTO n VALUES (1, 'e', 50)");
        assertFails("23502", "INSERT INTO n VALUES (NULL, 'e', 50)");
        assertEquals(List.of(row(30)), query("SELECT v FROM n WHERE id = 3"));
        assertEquals(List.of(row("N_PK", "PRIMARY KEY")), query("SELECT constraint_name, constraint_type"
            + " FROM information_schema.table_constraints WHERE table_name = 'N' AND constraint_type = 'PRIMARY KEY'"));
        assertFails("42P16", "ALTER TABLE n ALTER COLUMN id DROP NOT NULL");
        assertFails("42P16", "ALTER TABLE n ADD PRIMARY KEY (code)");
        execute("CREATE TABLE r (nid INT REFERENCES n)"); // references the new key
        update("INSERT INTO r VALUES (3)");
        assertFails("23503", "INSERT INTO r VALUES (9)");
    }

    @Test
    void aColumnAddedAsThePrimaryKeyNeedsATableWhoseRowsCanHoldIt() {
        execute("CREATE TABLE k (a INT)");
        execute("ALTER TABLE k ADD COLUMN id INT PRIMARY KEY");
        update("INSERT INTO k VALUES (1, 1)");
        assertFails("23505", "INSERT INTO k VALUES (2, 1)");
        execute("CREATE TABLE w (a INT)");
        update("INSERT INTO w VALUES (1), (2)");
        assertFails("23502", "ALTER TABLE w ADD COLUMN id INT PRIMARY KEY");
        assertFails("23505", "ALTER TABLE w ADD COLUMN id INT DEFAULT 7 PRIMARY KEY");
        assertEquals(1, database.catalog().table("W").orElseThrow().columnCount(), "nothing was added");
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
