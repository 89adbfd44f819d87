package org.verso.flyway;

import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.internal.database.base.Database;
import org.flywaydb.core.internal.database.base.Table;
import org.flywaydb.core.internal.jdbc.JdbcConnectionFactory;
import org.flywaydb.core.internal.jdbc.StatementInterceptor;

/**
 * A Verso database as Flyway sees it. DDL is not transactional in Verso (it takes effect at once), which Flyway
 * is told, so a failed migration's DDL stays and the schema history records the failure.
 */
final class VersoFlywayDatabase extends Database<VersoFlywayConnection> {
    VersoFlywayDatabase(Configuration configuration, JdbcConnectionFactory connectionFactory,
                        StatementInterceptor interceptor) {
        super(configuration, connectionFactory, interceptor);
    }

    @Override
    protected VersoFlywayConnection doGetConnection(java.sql.Connection connection) {
        return new VersoFlywayConnection(this, connection);
    }

    @Override
    public void ensureSupported(Configuration configuration) {
        // Every Verso release that Flyway can open is supported.
    }

    @Override
    public boolean supportsDdlTransactions() {
        return false;
    }

    @Override
    public String getBooleanTrue() {
        return "TRUE";
    }

    @Override
    public String getBooleanFalse() {
        return "FALSE";
    }

    @Override
    public boolean catalogIsSchema() {
        return false;
    }

    /** The schema history table, with the quoted lower-case column names Flyway's statements use. */
    @Override
    public String getRawCreateScript(Table table, boolean baseline) {
        String create = "CREATE TABLE " + table + " (\n"
            + "    \"installed_rank\" INT NOT NULL PRIMARY KEY,\n"
            + "    \"version\" VARCHAR(50),\n"
            + "    \"description\" VARCHAR(200) NOT NULL,\n"
            + "    \"type\" VARCHAR(20) NOT NULL,\n"
            + "    \"script\" VARCHAR(1000) NOT NULL,\n"
            + "    \"checksum\" INT,\n"
            + "    \"installed_by\" VARCHAR(100) NOT NULL,\n"
            + "    \"installed_on\" TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL,\n"
            + "    \"execution_time\" INT NOT NULL,\n"
            + "    \"success\" BOOLEAN NOT NULL\n"
            + ");\n";
        return create + (baseline ? getBaselineStatement(table) + ";\n" : "");
    }
}
