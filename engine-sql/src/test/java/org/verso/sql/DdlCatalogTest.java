package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.ForeignKey;
import org.verso.core.catalog.ForeignKeyAction;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.SequenceDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;

/** SQL in, catalog out: what each DDL statement stores. */
class DdlCatalogTest extends SqlTestSupport {
    private TableDefinition table(String name) {
        return database.catalog().table(name).orElseThrow();
    }

    @Test
    void columnLevelAndTableLevelConstraints() {
        execute("CREATE TABLE parent (id INT PRIMARY KEY, code CHAR(2) NOT NULL UNIQUE)");
        execute("CREATE TABLE child (id BIGINT NOT NULL, p INT REFERENCES parent (id) ON DELETE CASCADE, "
            + "code CHAR(2), qty INT DEFAULT 0 CHECK (qty >= 0), note TEXT DEFAULT 'none', "
            + "CONSTRAINT child_pk PRIMARY KEY (id), "
            + "CONSTRAINT child_code_fk FOREIGN KEY (code) REFERENCES parent (code), "
            + "CONSTRAINT small CHECK (qty < 1000)) WITH (layout = 'sias')");
        TableDefinition parent = table("PARENT");
        assertArrayEquals(new int[] {0}, parent.primaryKey());
        assertEquals("PARENT_PKEY", parent.primaryKeyIndex().orElseThrow().name());
        IndexDefinition unique = parent.indexes().get(1);
        assertEquals(IndexOrigin.UNIQUE_CONSTRAINT, unique.origin());
        assertEquals("PARENT_CODE_KEY", unique.name());
        assertTrue(unique.unique());

        TableDefinition child = table("CHILD");
        assertEquals(TableLayout.SIAS, child.layout());
        assertEquals("CHILD_PK", child.primaryKeyIndex().orElseThrow().name());
        assertFalse(child.column(0).nullable(), "a key column is NOT NULL");
        assertEquals(new ColumnDefinition("QTY", DataType.of(ValueType.INTEGER), true, "0", null, null),
            child.column(3));
        assertEquals("'none'", child.column(4).defaultExpression());
        assertEquals(DataType.varchar(DataType.MAX_STRING_LENGTH), child.column(4).type());
        assertEquals(List.of(
            new ForeignKey("CHILD_P_FKEY", new int[] {1}, "PARENT", new int[] {0}, ForeignKeyAction.CASCADE),
            new ForeignKey("CHILD_CODE_FK", new int[] {2}, "PARENT", new int[] {1}, ForeignKeyAction.NO_ACTION)),
            child.foreignKeys());
        assertEquals(List.of("CHILD_CHECK1", "SMALL"), child.checks().stream().map(c -> c.name()).toList());
        assertEquals("`QTY` >= 0".replace('`', '"'), child.checks().get(0).condition());
    }

    @Test
    void identityColumnsOwnTheirSequences() {
        execute("CREATE TABLE t (id BIGINT GENERATED ALWAYS AS IDENTITY (START WITH 10 INCREMENT BY 5) PRIMARY KEY, "
            + "n SERIAL, name VARCHAR(10))");
        TableDefinition t = table("T");
        assertTrue(t.column(0).identity().always());
        assertEquals("T_ID_SEQ", t.column(0).identity().sequence());
        assertFalse(t.column(1).identity().always());
        assertEquals(DataType.of(ValueType.INTEGER), t.column(1).type());
        // PostgreSQL's defaults: an ascending sequence from 1 to its column type's largest value.
        assertEquals(new SequenceDefinition(database.catalog().sequence("T_ID_SEQ").orElseThrow().id(), "T_ID_SEQ",
            10, 5, 1, Long.MAX_VALUE, false, "T"), database.catalog().sequence("T_ID_SEQ").orElseThrow());
        assertEquals(Integer.MAX_VALUE, database.catalog().sequence("T_N_SEQ").orElseThrow().maxValue());
        execute("DROP TABLE t");
        assertTrue(database.catalog().sequence("T_ID_SEQ").isEmpty(), "owned sequences go with their table");
        assertTrue(database.catalog().sequence("T_N_SEQ").isEmpty());
    }

    @Test
    void typeNames() {
        execute("CREATE TABLE t (a TEXT, b INT, c INTEGER, d FLOAT, e DOUBLE PRECISION, f NUMERIC(10, 2), "
            + "g BOOLEAN, h TIMESTAMP, i DATE, j VARCHAR(20), k CHARACTER VARYING(20), l CHAR(3), m BIGINT, "
            + "n SMALLINT, o REAL, p DECIMAL(4, 4), q INT8, r BOOL)");
        List<DataType> types = table("T").columns().stream().map(ColumnDefinition::type).toList();
        assertEquals(List.of(DataType.varchar(DataType.MAX_STRING_LENGTH), DataType.of(ValueType.INTEGER),
            DataType.of(ValueType.INTEGER), DataType.of(ValueType.DOUBLE), DataType.of(ValueType.DOUBLE),
            DataType.decimal(10, 2), DataType.of(ValueType.BOOLEAN), DataType.of(ValueType.TIMESTAMP),
            DataType.of(ValueType.DATE), DataType.varchar(20), DataType.varchar(20), DataType.ch(3),
            DataType.of(ValueType.BIGINT), DataType.of(ValueType.SMALLINT), DataType.of(ValueType.REAL),
            DataType.decimal(4, 4), DataType.of(ValueType.BIGINT), DataType.of(ValueType.BOOLEAN)), types);
        execute("CREATE TABLE tm (a TIME, b BYTEA, c VARBINARY(8), d BINARY(4))");
        assertEquals(List.of(DataType.of(ValueType.TIME), new DataType(ValueType.VARBINARY, DataType.MAX_STRING_LENGTH,
            0), new DataType(ValueType.VARBINARY, 8, 0), new DataType(ValueType.BINARY, 4, 0)),
            table("TM").columns().stream().map(c -> c.type()).toList());
        execute("CREATE TABLE tz (a TIMESTAMP WITH TIME ZONE, b TIMESTAMPTZ, c TIMESTAMP(6) WITH TIME ZONE, d UUID)");
        assertEquals(List.of(DataType.of(ValueType.TIMESTAMP_TZ), DataType.of(ValueType.TIMESTAMP_TZ),
            DataType.of(ValueType.TIMESTAMP_TZ), DataType.of(ValueType.UUID)),
            table("TZ").columns().stream().map(c -> c.type()).toList());
        assertFails("0A000", "CREATE TABLE u (a JSON)");
        assertFails("0A000", "CREATE TABLE u (a TIME WITH TIME ZONE)");
        assertFails("42704", "CREATE TABLE u (a NOSUCHTYPE)");
    }

    @Test
    void schemasQualifyNames() {
        execute("CREATE SCHEMA app");
        execute("CREATE SCHEMA IF NOT EXISTS app");
        assertFails("42P06", "CREATE SCHEMA app");
        execute("CREATE TABLE app.t (id INT PRIMARY KEY, v INT)");
        execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        update("INSERT INTO app.t VALUES (1, 10)");
        update("INSERT INTO public.t VALUES (1, 20)");
        assertEquals(List.of(row(10, 20)), query("SELECT a.v, p.v FROM app.t a JOIN t p ON a.id = p.id"));
        assertTrue(database.catalog().table("APP.T").isPresent());
        assertFails("3F000", "CREATE TABLE nowhere.t (id INT)");
        assertFails("42939", "CREATE TABLE sys.t (id INT)");
        assertFails("42939", "CREATE SCHEMA information_schema");
        assertFails("2BP01", "DROP SCHEMA app");
        execute("DROP SCHEMA app CASCADE");
        assertTrue(database.catalog().table("APP.T").isEmpty());
        assertFails("42P01", "SELECT * FROM app.t");
        assertEquals(List.of(row(1, 20)), query("SELECT * FROM t"));
    }

    @Test
    void createIndexReachesTheEngine() {
        execute("CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(10))");
        update("INSERT INTO t VALUES (1, 5, 'x'), (2, 5, 'y'), (3, 6, 'x')");
        execute("CREATE INDEX ob ON t (a, b DESC) USING btree");
        assertEquals(IndexKind.BTREE, table("T").index("OB").orElseThrow().kind());
        assertEquals(List.of(row(2), row(1)), query("SELECT id FROM t WHERE a = 5 ORDER BY b DESC"));
        execute("DROP INDEX ob");
        execute("CREATE INDEX ix ON t (a, b DESC)");
        assertEquals(IndexKind.MVIDX, table("T").index("IX").orElseThrow().kind());
        assertTrue(table("T").index("IX").isPresent());
        assertEquals(List.of(row(2), row(1)), query("SELECT id FROM t WHERE a = 5 ORDER BY b DESC"));
        assertFails("42P07", "CREATE INDEX ix ON t (b)");
        execute("CREATE INDEX IF NOT EXISTS ix ON t (b)");
        execute("CREATE UNIQUE INDEX ux ON t (b, a) USING mvidx");
        assertFails("23505", "INSERT INTO t VALUES (4, 5, 'x')");
        assertFails("23505", "CREATE UNIQUE INDEX ua ON t (a)");
        execute("DROP INDEX ix");
        execute("DROP INDEX ux");
        assertFails("42703", "CREATE INDEX ix ON t (nope)");
        assertFails("42P01", "CREATE INDEX ix ON nowhere (a)");
        assertFails("42704", "CREATE INDEX ix ON t (a) USING hash"); // as PostgreSQL: no such access method
        assertFails("42704", "DROP INDEX ix");
        execute("DROP INDEX IF EXISTS ix");
        assertTrue(table("T").index("UA").isEmpty(), "a failed CREATE UNIQUE INDEX leaves no index");
        assertFails("2BP01", "DROP INDEX t_pkey".toUpperCase());
    }

    @Test
    void dropTableRefusesWhileAViewOrForeignKeyDependsOnIt() {
        execute("CREATE TABLE p (id INT PRIMARY KEY)");
        execute("CREATE TABLE c (id INT PRIMARY KEY, p INT REFERENCES p)");
        execute("CREATE VIEW pv AS SELECT id FROM p");
        assertTrue(assertFails("2BP01", "DROP TABLE p").getMessage().contains("PV"));
        execute("DROP VIEW pv");
        assertTrue(assertFails("2BP01", "DROP TABLE p RESTRICT").getMessage().contains("C_P_FKEY"));
        execute("DROP TABLE p CASCADE");
        assertTrue(table("C").foreignKeys().isEmpty(), "CASCADE removes the foreign key, not the child table");
        assertFails("42P01", "DROP TABLE p");
        execute("DROP TABLE IF EXISTS p CASCADE");
    }

    @Test
    void duplicatesAndMissingObjectsAreNamed() {
        execute("CREATE TABLE t (id INT PRIMARY KEY)");
        assertTrue(assertFails("42P07", "CREATE TABLE t (id INT)").getMessage().contains("T"));
        execute("CREATE TABLE IF NOT EXISTS t (id INT)");
        assertFails("42P07", "CREATE VIEW t AS SELECT 1 AS x");
        assertFails("42P07", "CREATE SEQUENCE t");
        assertFails("42701", "CREATE TABLE d (a INT, a INT)");
        assertFails("42P16", "CREATE TABLE d (a INT PRIMARY KEY, b INT PRIMARY KEY)");
        assertFails("42703", "CREATE TABLE d (a INT, PRIMARY KEY (b))");
        assertFails("42P01", "CREATE TABLE d (a INT REFERENCES nowhere (id))");
        assertFails("42830", "CREATE TABLE d (a INT, b INT, FOREIGN KEY (a, b) REFERENCES t (id, id))");
        execute("CREATE TABLE k (a INT, b INT)");
        assertFails("42830", "CREATE TABLE d (a INT REFERENCES k (a))");
        assertFails("42830", "CREATE TABLE d (a INT REFERENCES k)");
        assertFails("42804", "CREATE TABLE d (a DATE REFERENCES t (id))");
        assertFails("42804", "CREATE TABLE d (a INT DEFAULT 'x' || 'y')");
        assertFails("42804", "CREATE TABLE d (a INT CHECK (a + 1))");
        assertFails("42703", "CREATE TABLE d (a INT CHECK (nope > 0))");
        assertFails("0A000", "CREATE TABLE d (a INT CHECK (a IN (SELECT id FROM t)))");
        assertFails("0A000", "CREATE TABLE d (a INT REFERENCES t ON DELETE SET DEFAULT)");
        assertFails("0A000", "CREATE OR REPLACE TABLE d (a INT)");
        assertFails("42710", "CREATE TABLE d (a INT CONSTRAINT c CHECK (a > 0), b INT CONSTRAINT c CHECK (b > 0))");
        assertFails("42P16", "CREATE TABLE d (a INT) WITH (colour = 'red')");
        assertFails("0A000", "CREATE TABLE d (a INT) WITH (layout = 'sicv')");
        assertTrue(database.catalog().table("D").isEmpty(), "no failed statement left a table behind");
    }

    @Test
    void defaultNullIsNoDefault() {
        execute("CREATE TABLE t (a INT DEFAULT NULL, b TIMESTAMP NULL DEFAULT NULL)");
        assertNull(table("T").column(0).defaultExpression());
        assertTrue(table("T").column(1).nullable());
    }

    /** CREATE TABLE ... AS query: the query's columns and rows, in a table of its own that later changes leave alone. */
    @Test
    void createTableAsCopiesTheQuerysColumnsAndRows() {
        execute("CREATE TABLE src (id INT PRIMARY KEY, name VARCHAR(10) NOT NULL, amount DECIMAL(8, 2))");
        update("INSERT INTO src VALUES (1, 'a', 1.50), (2, 'b', NULL), (3, 'c', 3.25)");
        execute("CREATE TABLE copy AS SELECT id, name, amount * 2 AS doubled FROM src WHERE id < 3");
        assertEquals(List.of(row(1, "a", new java.math.BigDecimal("3.00")), row(2, "b", null)),
            query("SELECT * FROM copy ORDER BY id"));
        update("INSERT INTO copy VALUES (9, NULL, NULL)"); // no NOT NULL and no key is copied
        update("DELETE FROM src");
        assertEquals(List.of(row(3L)), query("SELECT COUNT(*) FROM copy"));
        var table = database.catalog().table("COPY").orElseThrow();
        assertEquals(List.of("ID", "NAME", "DOUBLED"), table.columns().stream().map(c -> c.name()).toList());
        assertEquals(0, table.indexes().size());

        execute("CREATE TABLE shape AS SELECT * FROM copy WHERE 1 = 0");
        assertEquals(List.of(), query("SELECT * FROM shape"));
        execute("CREATE TABLE bare AS SELECT id, name FROM copy WITH NO DATA");
        assertEquals(List.of(), query("SELECT * FROM bare"));
        assertEquals(List.of("ID", "NAME"), database.catalog().table("BARE").orElseThrow().columns().stream()
            .map(c -> c.name()).toList());
        execute("CREATE TABLE full_copy AS (SELECT id FROM copy ORDER BY id) WITH DATA");
        assertEquals(List.of(row(1), row(2), row(9)), query("SELECT * FROM full_copy ORDER BY id"));
        execute("CREATE TABLE IF NOT EXISTS copy AS SELECT 1 AS x"); // exists: nothing happens
        assertFails("42P07", "CREATE TABLE copy AS SELECT 1 AS x");
        assertFails("42P01", "CREATE TABLE bad AS SELECT * FROM nowhere");
        assertFails("22012", "CREATE TABLE bad AS SELECT 1 / (id - id) AS q FROM copy");
        assertTrue(database.catalog().table("BAD").isEmpty(), "a failed fill leaves no table behind");
    }

    /** CREATE TABLE (LIKE source ...): the columns always, defaults, checks and indexes as the options say. */
    @Test
    void createTableLikeCopiesColumnsAndWhatTheOptionsName() {
        execute("CREATE TABLE src (id INT PRIMARY KEY, name VARCHAR(10) NOT NULL DEFAULT 'x', n INT CHECK (n > 0),"
            + " code INT UNIQUE, ref INT REFERENCES src)");
        execute("CREATE INDEX src_n ON src (n DESC)");
        update("INSERT INTO src VALUES (1, 'a', 1, 1, NULL)");

        execute("CREATE TABLE plain (LIKE src)");
        TableDefinition plain = table("PLAIN");
        assertEquals(List.of("ID", "NAME", "N", "CODE", "REF"), plain.columns().stream().map(c -> c.name()).toList());
        assertEquals(List.of(false, false, true, true, true),
            plain.columns().stream().map(c -> c.nullable()).toList(), "NOT NULL, and the key's, are copied");
        assertEquals(0, plain.indexes().size());
        assertTrue(plain.checks().isEmpty() && plain.foreignKeys().isEmpty());
        assertEquals(List.of(), query("SELECT * FROM plain"), "rows are not copied");
        assertFails("23502", "INSERT INTO plain (id) VALUES (1)"); // NAME has no default here
        update("INSERT INTO plain VALUES (1, 'a', -1, 1, 99), (1, 'a', -1, 1, 99)");

        execute("CREATE TABLE full_copy (LIKE src INCLUDING ALL, extra DATE)");
        TableDefinition copy = table("FULL_COPY");
        assertEquals(6, copy.columnCount());
        assertEquals(List.of("ID"), copy.primaryKeyIndex().map(i -> List.of(copy.column(i.column(0)).name()))
            .orElseThrow());
        assertEquals(3, copy.indexes().size(), "the key, the unique constraint and the index");
        assertTrue(copy.foreignKeys().isEmpty(), "foreign keys are never copied");
        update("INSERT INTO full_copy (id, n, code) VALUES (1, 5, 7)");
        assertEquals(List.of(row("x")), query("SELECT name FROM full_copy"));
        assertFails("23505", "INSERT INTO full_copy (id, n, code) VALUES (1, 5, 8)");
        assertFails("23505", "INSERT INTO full_copy (id, n, code) VALUES (2, 5, 7)");
        assertFails("23514", "INSERT INTO full_copy (id, n, code) VALUES (3, -5, 9)");

        execute("CREATE TABLE partial (LIKE src INCLUDING ALL EXCLUDING INDEXES EXCLUDING CONSTRAINTS)");
        assertTrue(table("PARTIAL").indexes().isEmpty() && table("PARTIAL").checks().isEmpty());
        update("INSERT INTO partial (id) VALUES (1)");
        assertEquals(List.of(row("x")), query("SELECT name FROM partial"), "defaults are still included");

        assertFails("42601", "CREATE TABLE bad (LIKE src INCLUDING EVERYTHING)");
        assertFails("42P01", "CREATE TABLE bad (LIKE nowhere)");
        assertFails("42P16", "CREATE TABLE bad (LIKE src INCLUDING INDEXES, PRIMARY KEY (code))");
        assertFails("42701", "CREATE TABLE bad (LIKE src, name INT)");
        execute("CREATE TABLE ids (id INT GENERATED ALWAYS AS IDENTITY, v INT)");
        assertFails("0A000", "CREATE TABLE bad (LIKE ids INCLUDING IDENTITY)");
        execute("CREATE TABLE ids_copy (LIKE ids INCLUDING DEFAULTS)");
        assertFails("23502", "INSERT INTO ids_copy (v) VALUES (1)"); // a plain NOT NULL column, no sequence
        assertTrue(database.catalog().table("BAD").isEmpty());
    }

    @Test
    void anIndexWithoutANameIsNamedAsPostgresqlNamesIt() {
        execute("CREATE TABLE orders (id INT PRIMARY KEY, customer INT, placed DATE)");
        execute("CREATE INDEX ON orders (customer)");
        execute("CREATE INDEX ON orders (customer)");
        execute("CREATE UNIQUE INDEX ON orders (customer, placed DESC) USING btree");
        TableDefinition orders = table("ORDERS");
        assertArrayEquals(new int[] {1}, orders.index("ORDERS_CUSTOMER_IDX").orElseThrow().columns());
        assertTrue(orders.index("ORDERS_CUSTOMER_IDX1").isPresent(), "the name taken: the next number");
        IndexDefinition both = orders.index("ORDERS_CUSTOMER_PLACED_IDX").orElseThrow();
        assertTrue(both.unique());
        assertEquals(IndexKind.BTREE, both.kind());
        execute("DROP INDEX orders_customer_idx");
        assertTrue(table("ORDERS").index("ORDERS_CUSTOMER_IDX").isEmpty());
        assertFails("42601", "CREATE INDEX IF NOT EXISTS ON orders (placed)");
        assertFails("42703", "CREATE INDEX ON orders (nosuch)");
    }
}
