package org.verso.flyway;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.flywaydb.core.internal.database.base.Table;
import org.flywaydb.core.internal.jdbc.JdbcTemplate;

/** A table of a Verso database as Flyway uses it: the schema history table, and the tables a clean drops. */
final class VersoFlywayTable extends Table<VersoFlywayDatabase, VersoFlywaySchema> {
    VersoFlywayTable(JdbcTemplate jdbcTemplate, VersoFlywayDatabase database, VersoFlywaySchema schema, String name) {
        super(jdbcTemplate, database, schema, name);
    }

    @Override
    protected boolean doExists() throws SQLException {
        DatabaseMetaData meta = jdbcTemplate.getConnection().getMetaData();
        String escape = meta.getSearchStringEscape();
        // The name is a pattern to getTables: its '_' and '%' must match only themselves.
        String pattern = name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
        try (ResultSet rs = meta.getTables(null, schema.getName(), pattern, new String[] {"TABLE"})) {
            return rs.next();
        }
    }

    /**
     * Locks the schema history table for a migration run: every row is locked FOR UPDATE, so a second Flyway
     * migrating the same database waits for the first one's transaction.
     */
    @Override
    protected void doLock() throws SQLException {
        jdbcTemplate.execute("SELECT * FROM " + this + " FOR UPDATE");
    }

    @Override
    protected void doDrop() throws SQLException {
        jdbcTemplate.execute("DROP TABLE " + this + " CASCADE");
    }
}
