package org.verso.flyway;

import org.flywaydb.core.internal.database.base.Connection;
import org.flywaydb.core.internal.database.base.Schema;

/** A JDBC connection to Verso as Flyway uses it. User tables live in schema {@code PUBLIC}. */
final class VersoFlywayConnection extends Connection<VersoFlywayDatabase> {
    VersoFlywayConnection(VersoFlywayDatabase database, java.sql.Connection connection) {
        super(database, connection);
    }

    @Override
    protected String getCurrentSchemaNameOrSearchPath() throws java.sql.SQLException {
        return getJdbcConnection().getSchema();
    }

    @Override
    public Schema getSchema(String name) {
        return new VersoFlywaySchema(jdbcTemplate, database, name);
    }
}
