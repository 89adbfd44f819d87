package org.verso.flyway;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.internal.database.base.Schema;
import org.flywaydb.core.internal.jdbc.JdbcTemplate;

/** A schema of a Verso database, read through JDBC metadata. */
final class VersoFlywaySchema extends Schema<VersoFlywayDatabase, VersoFlywayTable> {
    VersoFlywaySchema(JdbcTemplate jdbcTemplate, VersoFlywayDatabase database, String name) {
        super(jdbcTemplate, database, name);
    }

    @Override
    protected boolean doExists() throws SQLException {
        try (ResultSet schemas = jdbcTemplate.getConnection().getMetaData().getSchemas(null, name)) {
            return schemas.next();
        }
    }

    @Override
    protected boolean doEmpty() throws SQLException {
        return tableNames().isEmpty();
    }

    @Override
    protected void doCreate() throws SQLException {
        jdbcTemplate.execute("CREATE SCHEMA " + database.quote(name));
    }

    @Override
    protected void doDrop() throws SQLException {
        jdbcTemplate.execute("DROP SCHEMA " + database.quote(name) + " CASCADE");
    }

    /** Drops every view, table and sequence of the schema; CASCADE takes foreign keys and dependent views along. */
    @Override
    protected void doClean() throws SQLException {
        for (String view : objectNames("VIEW")) {
            jdbcTemplate.execute("DROP VIEW IF EXISTS " + database.quote(name, view) + " CASCADE");
        }
        for (String table : objectNames("TABLE")) {
            jdbcTemplate.execute("DROP TABLE IF EXISTS " + database.quote(name, table) + " CASCADE");
        }
        for (String sequence : objectNames("SEQUENCE")) {
            jdbcTemplate.execute("DROP SEQUENCE IF EXISTS " + database.quote(name, sequence));
        }
    }

    @Override
    protected VersoFlywayTable[] doAllTables() throws SQLException {
        return tableNames().stream().map(this::getTable).toArray(VersoFlywayTable[]::new);
    }

    @Override
    public VersoFlywayTable getTable(String tableName) {
        return new VersoFlywayTable(jdbcTemplate, database, this, tableName);
    }

    private List<String> tableNames() throws SQLException {
        return objectNames("TABLE");
    }

    /** The names of the schema's objects of one JDBC table type (TABLE, VIEW, SEQUENCE). */
    private List<String> objectNames(String type) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = jdbcTemplate.getConnection().getMetaData().getTables(null, name, "%",
            new String[] {type})) {
            while (rs.next()) {
                names.add(rs.getString("TABLE_NAME"));
            }
        }
        return names;
    }
}
