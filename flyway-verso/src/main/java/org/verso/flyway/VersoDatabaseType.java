package org.verso.flyway;

import java.sql.Connection;
import java.sql.Types;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.internal.database.base.BaseDatabaseType;
import org.flywaydb.core.internal.database.base.Database;
import org.flywaydb.core.internal.jdbc.JdbcConnectionFactory;
import org.flywaydb.core.internal.jdbc.StatementInterceptor;
import org.flywaydb.core.internal.parser.Parser;
import org.flywaydb.core.internal.parser.ParsingContext;

/**
 * Tells Flyway that {@code jdbc:verso:} URLs and the database product "Verso" are Verso's. Registered through
 * {@code META-INF/services/org.flywaydb.core.extensibility.Plugin}.
 */
public final class VersoDatabaseType extends BaseDatabaseType {
    @Override
    public String getName() {
        return "Verso";
    }

    @Override
    public int getNullType() {
        return Types.VARCHAR;
    }

    @Override
    public boolean handlesJDBCUrl(String url) {
        return url.startsWith("jdbc:verso:");
    }

    @Override
    public String getDriverClass(String url, ClassLoader classLoader) {
        return "org.verso.jdbc.VersoDriver";
    }

    @Override
    public boolean handlesDatabaseProductNameAndVersion(String productName, String productVersion,
                                                        Connection connection) {
        return productName.startsWith("Verso");
    }

    @Override
    public Database createDatabase(Configuration configuration, JdbcConnectionFactory connectionFactory,
                                   StatementInterceptor interceptor) {
        return new VersoFlywayDatabase(configuration, connectionFactory, interceptor);
    }

    @Override
    public Parser createParser(Configuration configuration, ResourceProvider resourceProvider,
                               ParsingContext parsingContext) {
        return new VersoParser(configuration, parsingContext);
    }
}
