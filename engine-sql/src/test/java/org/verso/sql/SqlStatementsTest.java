package org.verso.sql;

import org.verso.sql.api.PreparedSql;
import org.verso.sql.api.ColumnMeta;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/** Every statement kind end to end through Session: DDL, INSERT, SELECT, UPDATE, DELETE. */
class SqlStatementsTest extends SqlTestSupport {
    @BeforeEach
    void createTable() {
        execute("CREATE TABLE account (id INT NOT NULL, branch INT NOT NULL, name VARCHAR(20), "
            + "balance DECIMAL(10,2), PRIMARY KEY (id, branch))");
    }

    @Test
    void createTableStoresNormalisedNamesTypesAndKey() {
        execute("CREATE TABLE \"MixedCase\" (k BIGINT NOT NULL, s SMALLINT, d DOUBLE, r REAL, f FLOAT, c CHAR(3), "
            + "b BOOLEAN, dt DATE, ts TIMESTAMP, n NUMERIC(5), PRIMARY KEY (k))");
        var table = database.catalog().table("MixedCase").orElseThrow();
        assertEquals("K", table.column(0).name());
        assertEquals(DataType.of(ValueType.BIGINT), table.column(0).type());
        assertEquals(DataType.of(ValueType.SMALLINT), table.column(1).type());
        assertEquals(DataType.of(ValueType.DOUBLE), table.column(2).type());
        assertEquals(DataType.of(ValueType.REAL), table.column(3).type());
        assertEquals(DataType.of(ValueType.DOUBLE), table.column(4).type());
        assertEquals(DataType.ch(3), table.column(5).type());
        assertEquals(DataType.of(ValueType.BOOLEAN), table.column(6).type());
        assertEquals(DataType.of(ValueType.DATE), table.column(7).type());
        assertEquals(DataType.of(ValueType.TIMESTAMP), table.column(8).type());
        assertEquals(DataType.decimal(5, 0), table.column(9).type());
        assertEquals(0, table.primaryKey()[0]);
        assertFalse(table.column(0).nullable());
        assertTrue(table.column(1).nullable());

        var account = database.catalog().table("ACCOUNT").orElseThrow();
        assertEquals(DataType.decimal(10, 2), account.column(3).type());
        assertEquals(2, account.primaryKey().length);
    }

    @Test
    void dropTableAndIfExists() {
        execute("DROP TABLE account");
        assertTrue(database.catalog().table("ACCOUNT").isEmpty());
        execute("DROP TABLE IF EXISTS account");
        assertFails("42P01", "DROP TABLE account");
        execute("CREATE TABLE IF NOT EXISTS t (a INT)");
        execute("CREATE TABLE IF NOT EXISTS t (a INT)");
        assertFails("42P07", "CREATE TABLE t (a INT)");
    }

    @Test
    void insertSingleMultiRowWithParametersAndColumnList() {
        assertEquals(1, update("INSERT INTO account VALUES (1, 10, 'ann', 12.50)"));
        assertEquals(2, update("INSERT INTO account VALUES (?, ?, ?, ?), (?, ?, ?, ?)",
            2, 10, "bob", new BigDecimal("1.00"), 3L, (short) 20, "cy", 7));
        assertEquals(1, update("INSERT INTO account (branch, id) VALUES (?, ?)", 30, 4));
        assertEquals(List.of(
                row(1, 10, "ann", new BigDecimal("12.50")),
                row(2, 10, "bob", new BigDecimal("1.00")),
                row(3, 20, "cy", new BigDecimal("7.00")),
                row(4, 30, null, null)),
            query("SELECT * FROM account ORDER BY id"));
    }

    @Test
    void selectWhereOrderByLimitOffset() {
        insertAccounts();
        assertEquals(List.of(row("dan"), row("ann")),
            query("SELECT name FROM account WHERE balance > ? ORDER BY balance DESC LIMIT 2", 5));
        assertEquals(List.of(row(2), row(3)), query("SELECT id FROM account ORDER BY id LIMIT ? OFFSET ?", 2, 1));
        assertEquals(List.of(row(4, "dan")),
            query("SELECT id, name FROM account WHERE name LIKE 'd%' AND (branch = 20 OR branch IS NULL)"));
        assertEquals(List.of(row(1), row(3)), query("SELECT id FROM account WHERE id IN (1, 3) ORDER BY 1"));
        assertEquals(List.of(row(2), row(3)),
            query("SELECT id FROM account WHERE balance BETWEEN 1 AND 10 ORDER BY id"));
        assertEquals(List.of(row("ann!", 25L)),
            query("SELECT name || '!', CAST(balance * 2 AS BIGINT) FROM account WHERE id = 1"));
    }

    @Test
    void aggregates() {
        insertAccounts();
        assertEquals(List.of(row(4L, 4L, 2L, new BigDecimal("39.50"), new BigDecimal("1.00"),
                new BigDecimal("19.00"), new BigDecimal("9.88"))),
            query("SELECT COUNT(*), COUNT(name), COUNT(DISTINCT branch), SUM(balance), MIN(balance), MAX(balance), "
                + "AVG(balance) FROM account"));
        assertEquals(List.of(row(10, 2L, new BigDecimal("13.50")), row(20, 2L, new BigDecimal("26.00"))),
            query("SELECT branch, COUNT(*), SUM(balance) FROM account GROUP BY branch ORDER BY branch"));
        assertEquals(List.of(row(20)), query("SELECT branch FROM account GROUP BY branch HAVING SUM(balance) > 20"));
        assertEquals(List.of(row(0L, null)), query("SELECT COUNT(*), SUM(balance) FROM account WHERE id < 0"));
        assertEquals(List.of(row(2L, new BigDecimal("26.00"))),
            query("SELECT COUNT(*) FILTER (WHERE branch = 20), SUM(balance) FILTER (WHERE branch = 20) FROM account"));
    }

    @Test
    void updateWithExpressionOverOldRow() {
        insertAccounts();
        assertEquals(1, update("UPDATE account SET balance = balance + ? WHERE id = ? AND branch = ?",
            new BigDecimal("0.25"), 1, 10));
        assertEquals(List.of(row(new BigDecimal("12.75"))),
            query("SELECT balance FROM account WHERE id = 1 AND branch = 10"));
        assertEquals(2, update("UPDATE account SET name = UPPER(name), balance = 0 WHERE branch = 20"));
        assertEquals(List.of(row("CY", new BigDecimal("0.00")), row("DAN", new BigDecimal("0.00"))),
            query("SELECT name, balance FROM account WHERE branch = 20 ORDER BY id"));
        assertEquals(0, update("UPDATE account SET balance = 1 WHERE id = 99 AND branch = 1"));
    }

    @Test
    void updateOfEveryRowSeesEachRowOnce() {
        insertAccounts();
        assertEquals(4, update("UPDATE account SET balance = balance + 1"));
        assertEquals(List.of(row(new BigDecimal("43.50"))), query("SELECT SUM(balance) FROM account"));
    }

    @Test
    void deleteByKeyAndByScan() {
        insertAccounts();
        assertEquals(1, update("DELETE FROM account WHERE id = ? AND branch = ?", 1, 10));
        assertEquals(2, update("DELETE FROM account WHERE branch = 20"));
        assertEquals(List.of(row(2)), query("SELECT id FROM account"));
        assertEquals(1, update("DELETE FROM account"));
        assertEquals(List.of(row(0L)), query("SELECT COUNT(*) FROM account"));
    }

    @Test
    void dateTimestampAndBooleanValues() {
        execute("CREATE TABLE ev (id INT NOT NULL, d DATE, ts TIMESTAMP, ok BOOLEAN, PRIMARY KEY (id))");
        update("INSERT INTO ev VALUES (?, ?, ?, ?)", 1, LocalDate.of(2024, 2, 29),
            LocalDateTime.of(2024, 2, 29, 13, 45, 1, 500_000_000), true);
        update("INSERT INTO ev VALUES (2, DATE '1969-12-31', TIMESTAMP '1970-01-01 00:00:01', FALSE)");
        update("INSERT INTO ev VALUES (?, ?, ?, ?)", 3, java.sql.Date.valueOf("2000-01-01"),
            java.sql.Timestamp.valueOf("2000-01-01 00:00:00"), "true");
        int leapDay = (int) LocalDate.of(2024, 2, 29).toEpochDay();
        long leapMicros = LocalDateTime.of(2024, 2, 29, 13, 45, 1, 500_000_000)
            .toInstant(java.time.ZoneOffset.UTC).toEpochMilli() * 1000;
        assertEquals(List.of(row(1, leapDay, leapMicros, true), row(2, -1, 1_000_000L, false),
                row(3, (int) LocalDate.of(2000, 1, 1).toEpochDay(), 946_684_800_000_000L, true)),
            query("SELECT * FROM ev ORDER BY id"));
        assertEquals(List.of(row(1)), query("SELECT id FROM ev WHERE d > ? AND ok", LocalDate.of(2010, 1, 1)));
        assertEquals(List.of(row(2)), query("SELECT id FROM ev WHERE ts < TIMESTAMP '1999-01-01 00:00:00'"));
    }

    @Test
    void resultColumnMetadata() {
        PreparedSql statement = session.prepare("SELECT id AS ident, balance FROM account");
        List<ColumnMeta> columns = statement.columns();
        assertEquals("IDENT", columns.get(0).label());
        assertEquals(DataType.of(ValueType.INTEGER), columns.get(0).type());
        assertEquals("ACCOUNT", columns.get(0).tableName());
        assertEquals("ID", columns.get(0).columnName());
        assertEquals(DataType.decimal(10, 2), columns.get(1).type());
        assertTrue(statement.isQuery());
        PreparedSql insert = session.prepare("INSERT INTO account (id, branch, balance) VALUES (?, ?, ?)");
        assertFalse(insert.isQuery());
        assertEquals(3, insert.parameterCount());
        assertEquals(DataType.decimal(10, 2), insert.parameters().get(2).type());
    }

    @Test
    void joinOfTwoTables() {
        insertAccounts();
        execute("CREATE TABLE branch (id INT NOT NULL, city VARCHAR(10), PRIMARY KEY (id))");
        update("INSERT INTO branch VALUES (10, 'Oslo'), (20, 'Bergen')");
        assertEquals(List.of(row("ann", "Oslo"), row("bob", "Oslo"), row("cy", "Bergen"), row("dan", "Bergen")),
            query("SELECT a.name, b.city FROM account a JOIN branch b ON a.branch = b.id ORDER BY a.id"));
        assertEquals(List.of(row("Bergen", 2L), row("Oslo", 2L)),
            query("SELECT b.city, COUNT(*) FROM account a, branch b WHERE a.branch = b.id GROUP BY b.city "
                + "ORDER BY b.city"));
    }

    private void insertAccounts() {
        update("INSERT INTO account VALUES (1, 10, 'ann', 12.50), (2, 10, 'bob', 1.00), (3, 20, 'cy', 7.00), "
            + "(4, 20, 'dan', 19.00)");
    }

    /**
     * A result column without an alias is labelled as PostgreSQL labels it (upper case, like Verso's names): a
     * function by its name (COALESCE and NULLIF too), a CAST by what it casts, CASE as CASE, any other expression
     * ?column?; never Calcite's internal EXPR$n.
     */
    @Test
    void expressionColumnsHaveReadableLabels() {
        execute("CREATE TABLE lab (a INT PRIMARY KEY, b INT)");
        execute("CREATE SEQUENCE lab_seq");
        List<String> labels = session.prepare("SELECT COUNT(*), SUM(b), a + 1, CAST(b AS BIGINT), CASE WHEN a > 0"
            + " THEN 1 END, UPPER('x'), a, COUNT(*) AS n FROM lab GROUP BY a, b").columns().stream()
            .map(org.verso.sql.api.ColumnMeta::label).toList();
        assertEquals(List.of("COUNT", "SUM", "?column?", "B", "CASE", "UPPER", "A", "N"), labels);
        assertEquals("NEXTVAL", session.prepare("SELECT NEXT VALUE FOR lab_seq").columns().get(0).label());
        // COALESCE and NULLIF keep their names, whichever path plans them (the validator rewrites them into CASE).
        for (String sql : List.of("SELECT COALESCE(b, 0), NULLIF(b, 2), CAST(COALESCE(b, 1) AS BIGINT) FROM lab",
            "SELECT a, COALESCE(b, 0), NULLIF(b, 2), CAST(COALESCE(b, 1) AS BIGINT) FROM lab ORDER BY b NULLS FIRST")) {
            List<String> functions = session.prepare(sql).columns().stream().map(org.verso.sql.api.ColumnMeta::label)
                .filter(label -> !label.equals("A")).toList();
            assertEquals(List.of("COALESCE", "NULLIF", "COALESCE"), functions, sql);
        }
        assertEquals("COUNT", session.prepare("SELECT COUNT(*) FROM lab UNION SELECT 5 FROM lab ORDER BY 1")
            .columns().get(0).label());
        // A window function by its name too, as PostgreSQL labels it (it was ?column?).
        assertEquals(List.of("ROW_NUMBER", "SUM", "RANK"), session.prepare("SELECT ROW_NUMBER() OVER (ORDER BY a), "
            + "SUM(b) OVER (PARTITION BY a), RANK() OVER w FROM lab WINDOW w AS (ORDER BY b)").columns().stream()
            .map(org.verso.sql.api.ColumnMeta::label).toList());
    }

    /** NEXT VALUE FOR works in a query that reads a table too, once per row. */
    @Test
    void nextValueInAQueryWithATable() {
        execute("CREATE TABLE seqt (a INT PRIMARY KEY)");
        execute("CREATE SEQUENCE seqt_ids START WITH 10");
        update("INSERT INTO seqt VALUES (1), (2)");
        assertEquals(List.of(row(10L, 1), row(11L, 2)), query("SELECT NEXT VALUE FOR seqt_ids, a FROM seqt ORDER BY a"));
        assertEquals(List.of(row(12L)), query("SELECT nextval('seqt_ids')"));
        assertFails("42P01", "SELECT NEXT VALUE FOR no_such_sequence, a FROM seqt");
    }

    @Test
    void postgresCastOperator() {
        execute("CREATE TABLE casts (id INT PRIMARY KEY, a INT, s VARCHAR(10))");
        execute("INSERT INTO casts VALUES (1, 2, '40'), (2, NULL, NULL)");
        assertEquals(List.of(row(5, -1, "2", 42, new java.math.BigDecimal("2.50"))),
            query("SELECT '5'::INTEGER, -1::INT, a::VARCHAR(5), a + s::INT, (a + 0.5)::DECIMAL(4, 2) FROM casts"
                + " WHERE id = 1"));
        assertEquals(List.of(java.util.Arrays.asList(2, null, null)),
            query("SELECT id, a::VARCHAR(5), s::INT FROM casts WHERE id = 2"));
        // a parameter takes the cast's type, as with CAST(? AS INT)
        assertEquals(List.of(row(1)), query("SELECT id FROM casts WHERE a = ?::INT - 1", 3));
        assertEquals(List.of(row(true)), query("SELECT now()::DATE = CURRENT_DATE"));
        // in a view's definition, stored and read back as text
        execute("CREATE VIEW cast_view AS SELECT id, s::INT * 2 AS twice FROM casts");
        assertEquals(List.of(row(1, 80)), query("SELECT * FROM cast_view WHERE id = 1"));
        assertFails("22018", "SELECT 'abc'::INT");
        assertFails("42601", "SELECT 1::");
    }
}
