package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * EXPLAIN ANALYZE runs its statement and shows, for each operator of the plan, the rows it returned, how often it
 * was opened and the time spent in it; a change is made, in the session's transaction.
 */
class JdbcExplainAnalyzeTest {
    private static final Pattern MEASURED = Pattern.compile(
        "( *)(\\w+)\\(.*\\)  \\(actual rows=(\\d+) loops=(\\d+) time=(\\d+\\.\\d{3}) ms\\)");

    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = connect(freshMemoryUrl("analyze"));
        exec(c, "CREATE TABLE acct (id INT PRIMARY KEY, grp INT NOT NULL, bal INT NOT NULL)");
        exec(c, "CREATE TABLE grp (id INT PRIMARY KEY, name VARCHAR(10))");
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO acct VALUES (?, ?, ?)")) {
            for (int i = 0; i < 100; i++) {
                insert.setInt(1, i);
                insert.setInt(2, i % 10);
                insert.setInt(3, i);
                insert.addBatch();
            }
            insert.executeBatch();
        }
        exec(c, "INSERT INTO grp VALUES (1, 'one'), (2, 'two'), (3, 'three')");
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    /** One operator line: its operator name, the rows it returned, its opens and its time. */
    private record Measured(int depth, String operator, long rows, long loops, double millis) {
    }

    /** The lines of EXPLAIN ANALYZE {@code statement}, run through a plain Statement. */
    private List<String> analyze(String statement) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN ANALYZE " + statement)) {
            return lines(rs);
        }
    }

    private static List<String> lines(ResultSet rs) throws SQLException {
        List<String> lines = new ArrayList<>();
        while (rs.next()) {
            lines.add(rs.getString(1));
        }
        return lines;
    }

    /** The measured operator lines; checks that every line but the last is one, and the last gives the time. */
    private static List<Measured> measured(List<String> lines) {
        List<Measured> operators = new ArrayList<>();
        for (String line : lines.subList(0, lines.size() - 1)) {
            Matcher m = MEASURED.matcher(line);
            assertTrue(m.matches(), () -> "not a measured operator line: " + line + " in " + lines);
            operators.add(new Measured(m.group(1).length(), m.group(2), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)), Double.parseDouble(m.group(5))));
        }
        assertTrue(lines.get(lines.size() - 1).matches("Execution time: \\d+\\.\\d{3} ms"), lines::toString);
        return operators;
    }

    private static Measured find(List<Measured> operators, String name) {
        return operators.stream().filter(o -> o.operator().equals(name)).findFirst()
            .orElseThrow(() -> new AssertionError(name + " not in " + operators));
    }

    @Test
    void aQueryShowsTheRowsEachOperatorReturned() throws SQLException {
        List<String> lines;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("EXPLAIN ANALYZE SELECT id FROM acct WHERE bal >= 90 ORDER BY id DESC")) {
            assertEquals("PLAN", rs.getMetaData().getColumnLabel(1));
            lines = lines(rs);
        }
        List<Measured> operators = measured(lines);
        assertEquals(0, operators.get(0).depth(), "the root comes first");
        assertEquals(10, operators.get(0).rows(), "the query's rows");
        assertEquals(100, find(operators, "VersoTableScan").rows(), "the scan read every row");
        for (Measured operator : operators) {
            assertEquals(1, operator.loops(), operator.toString());
        }
        // Time includes the inputs' time: no operator took less than the operators under it.
        for (int i = 0; i + 1 < operators.size(); i++) {
            if (operators.get(i + 1).depth() > operators.get(i).depth()) {
                assertTrue(operators.get(i).millis() >= operators.get(i + 1).millis(), lines::toString);
            }
        }
    }

    @Test
    void anIndexJoinCountsTheRowsItFound() throws SQLException {
        List<String> lines = analyze("SELECT a.id, g.name FROM acct a JOIN grp g ON g.id = a.grp WHERE a.bal < 20");
        List<Measured> operators = measured(lines);
        assertEquals(6, operators.get(0).rows(), "accounts 1, 2, 3, 11, 12 and 13 have a group: " + lines);
        assertEquals(6, find(operators, "VersoIndexJoin").rows(), lines::toString);
        assertEquals(20, find(operators, "VersoFilter").rows(), lines::toString);
    }

    @Test
    void theInnerSideOfACorrelateIsCountedOverAllItsOpens() throws SQLException {
        List<String> lines = analyze("SELECT g.id, (SELECT SUM(bal) FROM acct a WHERE a.grp = g.id AND a.bal > g.id)"
            + " FROM grp g");
        List<Measured> operators = measured(lines);
        assertEquals(3, operators.get(0).rows(), "one row per group");
        assertEquals(1, find(operators, "VersoCorrelate").loops(), lines::toString);
        Measured aggregate = find(operators, "VersoAggregate");
        assertEquals(3, aggregate.loops(), "opened once per group: " + lines);
        assertEquals(3, aggregate.rows(), "one sum per open: " + lines);
        Measured inner = operators.get(operators.size() - 1);
        assertEquals("VersoTableScan", inner.operator(), lines::toString);
        assertEquals(3, inner.loops(), lines::toString);
        assertEquals(300, inner.rows(), "acct read once per group: " + lines);
    }

    @Test
    void parametersNeedValuesBecauseTheStatementRuns() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("EXPLAIN ANALYZE SELECT bal FROM acct WHERE id = ?")) {
            assertSqlState("07001", ps::executeQuery);
            ps.setInt(1, 42);
            try (ResultSet rs = ps.executeQuery()) {
                List<Measured> operators = measured(lines(rs));
                assertEquals(1, operators.get(0).rows());
            }
            ps.setInt(1, 1000);
            try (ResultSet rs = ps.executeQuery()) {
                assertEquals(0, measured(lines(rs)).get(0).rows(), "no account 1000");
            }
        }
    }

    @Test
    void aChangeIsMadeAndItsRowsCounted() throws SQLException {
        List<String> lines;
        try (Statement s = c.createStatement()) {
            assertTrue(s.execute("EXPLAIN ANALYZE UPDATE acct SET bal = bal + 1000 WHERE grp = 3"));
            try (ResultSet rs = s.getResultSet()) {
                lines = lines(rs);
            }
        }
        List<Measured> operators = measured(lines);
        assertEquals("VersoTableModify", operators.get(0).operator());
        assertEquals(10, operators.get(0).rows(), "rows changed");
        assertEquals(10, queryLong(c, "SELECT COUNT(*) FROM acct WHERE bal >= 1000"), "autocommit kept the change");

        c.setAutoCommit(false);
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("EXPLAIN ANALYZE DELETE FROM acct WHERE id < 50")) {
            assertEquals(50, measured(lines(rs)).get(0).rows());
        }
        assertEquals(50, queryLong(c, "SELECT COUNT(*) FROM acct"), "the transaction sees its delete");
        c.rollback();
        assertEquals(100, queryLong(c, "SELECT COUNT(*) FROM acct"), "rollback undid it");

        try (Statement s = c.createStatement()) {
            assertSqlState("0100E", () -> s.executeUpdate("EXPLAIN ANALYZE DELETE FROM acct"));
        }
        assertEquals(100, queryLong(c, "SELECT COUNT(*) FROM acct"), "the refused statement did not run");
    }

    @Test
    void aFailingChangeFailsAsItself() throws SQLException {
        try (Statement s = c.createStatement()) {
            assertSqlState("23505", () -> s.executeQuery("EXPLAIN ANALYZE INSERT INTO acct VALUES (5, 0, 0)"));
        }
        assertEquals(100, queryLong(c, "SELECT COUNT(*) FROM acct"));
    }

    @Test
    void forUpdateIsMeasuredToo() throws SQLException {
        c.setAutoCommit(false);
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("EXPLAIN ANALYZE SELECT bal FROM acct WHERE id = 7 FOR UPDATE")) {
            List<Measured> operators = measured(lines(rs));
            assertEquals("VersoForUpdate", operators.get(0).operator());
            assertEquals(1, operators.get(0).rows());
        }
        c.commit();
    }

    @Test
    void aReadOnlyConnectionRefusesToAnalyzeAChange() throws SQLException {
        c.setReadOnly(true);
        try (Statement s = c.createStatement()) {
            assertSqlState("25006", () -> s.executeQuery("EXPLAIN ANALYZE DELETE FROM acct"));
            try (ResultSet rs = s.executeQuery("EXPLAIN ANALYZE SELECT COUNT(*) FROM acct")) {
                assertFalse(measured(lines(rs)).isEmpty());
            }
        }
        c.setReadOnly(false);
        assertEquals(100, queryLong(c, "SELECT COUNT(*) FROM acct"));
    }

    @Test
    void analyzeStaysUsableAsAName() throws SQLException {
        exec(c, "CREATE TABLE analyze (analyze INT PRIMARY KEY)");
        exec(c, "INSERT INTO analyze (analyze) VALUES (3)");
        assertEquals(3, queryLong(c, "SELECT analyze FROM analyze"));
    }
}
