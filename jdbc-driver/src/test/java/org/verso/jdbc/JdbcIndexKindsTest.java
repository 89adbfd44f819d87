package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both index kinds through JDBC, with interleaved connections: a snapshot keeps reading the rows it saw through the
 * index while another connection changes indexed and other columns, a new snapshot reads the new ones, unique keys
 * hold, and the index reports what reading through it cost.
 */
class JdbcIndexKindsTest {
    private static List<String> rows(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getInt(1) + ":" + rs.getString(2) + ":" + rs.getInt(3));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "USING {0}")
    @ValueSource(strings = {"mvidx", "btree"})
    void snapshotsReadThroughEitherIndexKind(String kind, @TempDir Path dir) throws SQLException {
        String url = "jdbc:verso:" + dir;
        try (Connection writer = connect(url); Connection reader = connect(url)) {
            exec(writer, "CREATE TABLE acct (id INT PRIMARY KEY, city VARCHAR(20), bal INT NOT NULL)");
            exec(writer, "CREATE INDEX acct_city ON acct (city) USING " + kind);
            exec(writer, "CREATE UNIQUE INDEX acct_bal ON acct (bal) USING " + kind);
            for (int i = 1; i <= 6; i++) {
                exec(writer, "INSERT INTO acct VALUES (" + i + ", '" + (i % 2 == 0 ? "Rome" : "Oslo") + "', "
                    + i * 10 + ")");
            }
            String oslo = "SELECT id, city, bal FROM acct WHERE city = 'Oslo' ORDER BY id";
            reader.setAutoCommit(false);
            assertEquals(List.of("1:Oslo:10", "3:Oslo:30", "5:Oslo:50"), rows(reader, oslo));

            writer.setAutoCommit(false);
            exec(writer, "UPDATE acct SET city = 'Rome' WHERE id = 1");
            exec(writer, "UPDATE acct SET bal = bal + 1 WHERE id = 3");
            exec(writer, "DELETE FROM acct WHERE id = 5");
            exec(writer, "INSERT INTO acct VALUES (7, 'Oslo', 70)");
            assertEquals(List.of("3:Oslo:31", "7:Oslo:70"), rows(writer, oslo), "the writer sees its own changes");
            assertEquals(List.of("1:Oslo:10", "3:Oslo:30", "5:Oslo:50"), rows(reader, oslo), "not yet committed");
            writer.commit();
            assertEquals(List.of("1:Oslo:10", "3:Oslo:30", "5:Oslo:50"), rows(reader, oslo),
                "the reader's snapshot is older than the commit");
            assertEquals(List.of("1:Oslo:10"), rows(reader, "SELECT id, city, bal FROM acct WHERE bal = 10"));
            reader.commit();
            assertEquals(List.of("3:Oslo:31", "7:Oslo:70"), rows(reader, oslo), "a new snapshot");
            assertEquals(List.of("1:Rome:10", "2:Rome:20", "4:Rome:40", "6:Rome:60"),
                rows(reader, "SELECT id, city, bal FROM acct WHERE city = 'Rome' ORDER BY id"));
            reader.commit();

            assertSqlState("23505", () -> exec(writer, "INSERT INTO acct VALUES (8, 'Lima', 31)"));
            writer.rollback();
            // A key freed by a transaction that committed after this snapshot is a write conflict, not a duplicate.
            assertEquals(1, rows(reader, "SELECT id, city, bal FROM acct WHERE bal = 20").size());
            exec(writer, "DELETE FROM acct WHERE id = 2");
            writer.commit();
            assertSqlState("40001", () -> exec(reader, "INSERT INTO acct VALUES (9, 'Lima', 20)"));
            reader.rollback();
            exec(reader, "INSERT INTO acct VALUES (9, 'Lima', 20)");
            reader.commit();

            writer.setAutoCommit(true);
            long fetched = queryLong(writer,
                "SELECT tuples_fetched FROM sys.index_stats WHERE index_name = 'ACCT_CITY'");
            long notReturned = queryLong(writer,
                "SELECT fetched_not_returned FROM sys.index_stats WHERE index_name = 'ACCT_CITY'");
            assertTrue(fetched >= 10, "tuples were fetched through the index: " + fetched);
            if (kind.equals("btree")) {
                assertTrue(notReturned > 0, "the version-oblivious index fetched versions its readers did not see");
            }
        }
    }

    /**
     * A benchmark's DDL names no index method: the indexMethod setting chooses it for primary keys, UNIQUE
     * constraints and indexes without USING, and an index keeps its kind when the database is opened with another
     * setting.
     */
    @ParameterizedTest(name = "indexMethod={0}")
    @ValueSource(strings = {"mvidx", "btree"})
    void theSettingChoosesTheKindOfIndexesThatNameNone(String kind, @TempDir Path dir) throws SQLException {
        String other = kind.equals("btree") ? "mvidx" : "btree";
        try (Connection c = connect("jdbc:verso:" + dir + ";indexMethod=" + kind.toUpperCase())) {
            exec(c, "CREATE TABLE item (id INT PRIMARY KEY, code VARCHAR(10) UNIQUE, price INT, owner INT)");
            exec(c, "CREATE INDEX item_price ON item (price)");
            exec(c, "CREATE INDEX item_owner ON item (owner) USING " + other);
            for (int i = 1; i <= 20; i++) {
                exec(c, "INSERT INTO item VALUES (" + i + ", 'c" + i + "', " + (i % 5) + ", " + (i % 3) + ")");
            }
            exec(c, "UPDATE item SET price = price + 1 WHERE id <= 10");
            assertEquals(List.of("ITEM_CODE_KEY:" + kind, "ITEM_OWNER:" + other, "ITEM_PKEY:" + kind,
                "ITEM_PRICE:" + kind), kinds(c));
        }
        try (Connection c = connect("jdbc:verso:" + dir + ";indexMethod=" + other)) {
            assertEquals(List.of("ITEM_CODE_KEY:" + kind, "ITEM_OWNER:" + other, "ITEM_PKEY:" + kind,
                "ITEM_PRICE:" + kind), kinds(c), "indexes keep the kind they were created with");
            assertEquals(4, queryLong(c, "SELECT COUNT(*) FROM item WHERE price = 3"));
            assertEquals(7, queryLong(c, "SELECT id FROM item WHERE code = 'c7'"));
            assertSqlState("23505", () -> exec(c, "INSERT INTO item VALUES (21, 'c7', 0, 0)"));
            assertSqlState("23505", () -> exec(c, "INSERT INTO item VALUES (7, 'c99', 0, 0)"));
        }
        assertSqlState("22023", () -> connect("jdbc:verso:" + dir + ";indexMethod=hash").close());
    }

    /**
     * A unique index or constraint over rows that repeat its key fails with 23505, whichever the kind and in a file
     * database too (whose index is a B+tree file that the failure drops), and leaves the table as it was: the same
     * index is built once the duplicate is gone, and survives a reopen.
     */
    @ParameterizedTest(name = "USING {0}")
    @ValueSource(strings = {"mvidx", "btree"})
    void aUniqueIndexOverDuplicatesFailsAndCanBeBuiltOnceTheyAreGone(String kind, @TempDir Path dir)
        throws SQLException {
        try (Connection c = connect("jdbc:verso:" + dir)) {
            exec(c, "CREATE TABLE acct (id INT PRIMARY KEY, email VARCHAR(20))");
            for (int i = 1; i <= 3_000; i++) {
                exec(c, "INSERT INTO acct VALUES (" + i + ", 'a" + (i == 2_000 ? 17 : i) + "')");
            }
            assertSqlState("23505", () -> exec(c, "CREATE UNIQUE INDEX acct_email ON acct (email) USING " + kind));
            assertSqlState("23505", () -> exec(c, "ALTER TABLE acct ADD CONSTRAINT acct_email_key UNIQUE (email)"));
            assertEquals(1, queryLong(c, "SELECT COUNT(*) FROM sys.index_stats WHERE table_name = 'ACCT'"));
            exec(c, "UPDATE acct SET email = 'b2000' WHERE id = 2000");
            exec(c, "CREATE UNIQUE INDEX acct_email ON acct (email) USING " + kind);
            assertSqlState("23505", () -> exec(c, "INSERT INTO acct VALUES (3001, 'a17')"));
        }
        try (Connection c = connect("jdbc:verso:" + dir)) {
            assertEquals(2_000, queryLong(c, "SELECT id FROM acct WHERE email = 'b2000'"));
            assertSqlState("23505", () -> exec(c, "INSERT INTO acct VALUES (3001, 'a17')"));
        }
    }

    private static List<String> kinds(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
            "SELECT index_name, kind FROM sys.index_stats WHERE table_name = 'ITEM' ORDER BY index_name")) {
            while (rs.next()) {
                out.add(rs.getString(1) + ":" + rs.getString(2));
            }
        }
        return out;
    }
}
