package org.verso.flyway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flyway migrates a small schema in a Verso database with this plugin and Verso's driver jar on the classpath, as an
 * application's build or start-up runs it: the versions apply in order, once, and survive a reopen; validate and
 * info see them; clean empties the schema.
 */
class FlywayMigrationTest {
    private static Flyway flyway(String url) {
        return Flyway.configure().dataSource(url, null, null).locations("classpath:db/migration")
            .cleanDisabled(false).load();
    }

    private static long queryLong(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getLong(1);
        }
    }

    @Test
    void migratesOnceInOrderAndKeepsTheHistory(@TempDir Path dir) throws SQLException {
        String url = "jdbc:verso:" + dir.resolve("db");
        MigrateResult result = flyway(url).migrate();
        assertTrue(result.success);
        assertEquals(3, result.migrationsExecuted);
        assertEquals("3", result.targetSchemaVersion);

        MigrateResult again = flyway(url).migrate();
        assertEquals(0, again.migrationsExecuted, "applied versions are not run again");
        flyway(url).validate();

        MigrationInfo[] applied = flyway(url).info().applied();
        assertEquals(3, applied.length);
        for (MigrationInfo info : applied) {
            assertTrue(info.getState().isApplied() && !info.getState().isFailed(), info.getVersion() + " "
                + info.getState());
        }
        assertEquals(2, queryLong(url, "SELECT COUNT(*) FROM customer WHERE email IS NULL OR id = 1"));
        assertEquals(3, queryLong(url, "SELECT COUNT(*) FROM orders"));
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT total FROM customer_totals WHERE id = 1")) {
            assertTrue(rs.next());
            assertEquals(new BigDecimal("15.50"), rs.getBigDecimal(1));
        }
        assertEquals(3, queryLong(url, "SELECT COUNT(*) FROM \"flyway_schema_history\" WHERE \"success\""));
    }

    @Test
    void cleanEmptiesTheSchemaAndMigrateRebuildsIt(@TempDir Path dir) throws SQLException {
        String url = "jdbc:verso:" + dir.resolve("db");
        flyway(url).migrate();
        flyway(url).clean();
        try (Connection c = DriverManager.getConnection(url);
             ResultSet tables = c.getMetaData().getTables(null, "PUBLIC", "%", new String[] {"TABLE", "VIEW"})) {
            assertFalse(tables.next(), () -> {
                try {
                    return "clean left " + tables.getString("TABLE_NAME") + " (" + tables.getString("TABLE_TYPE") + ")";
                } catch (SQLException e) {
                    return e.toString();
                }
            });
        }
        assertEquals(3, flyway(url).migrate().migrationsExecuted);
        assertEquals(2, queryLong(url, "SELECT COUNT(*) FROM customer"));
    }
}
