package org.verso.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The Verso JDBC driver: {@code jdbc:verso:PATH} or {@code jdbc:verso:mem:NAME}, with settings after {@code ;}
 * (see {@link ConnectionUrl}). It registers itself with {@link DriverManager} when the class is loaded (so
 * {@code Class.forName("org.verso.jdbc.VersoDriver")} works) and is listed in
 * {@code META-INF/services/java.sql.Driver} for ServiceLoader discovery.
 *
 * <p>User and password are accepted and ignored: an embedded database has no accounts.
 */
public final class VersoDriver implements Driver {
    public static final int MAJOR_VERSION = 0;
    public static final int MINOR_VERSION = 1;
    public static final String VERSION = MAJOR_VERSION + "." + MINOR_VERSION + ".0";

    static {
        try {
            DriverManager.registerDriver(new VersoDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Returns null for a URL of another driver, as DriverManager expects. */
    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        ConnectionUrl parsed = ConnectionUrl.parse(url, info);
        DatabaseRegistry.Lease lease = DatabaseRegistry.INSTANCE.acquire(parsed);
        return new VersoConnection(parsed, lease);
    }

    @Override
    public boolean acceptsURL(String url) {
        return ConnectionUrl.accepts(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        DriverPropertyInfo cache = new DriverPropertyInfo(ConnectionUrl.CACHE,
            info == null ? null : info.getProperty(ConnectionUrl.CACHE));
        cache.description = "buffer pool size in bytes, with an optional KB, MB or GB suffix (default 64MB)";
        DriverPropertyInfo pageSize = new DriverPropertyInfo(ConnectionUrl.PAGE_SIZE,
            info == null ? null : info.getProperty(ConnectionUrl.PAGE_SIZE));
        pageSize.description = "page size in bytes for a new database: 4096, 8192 (default) or 16384";
        pageSize.choices = new String[] {"4096", "8192", "16384"};
        return new DriverPropertyInfo[] {cache, pageSize};
    }

    @Override
    public int getMajorVersion() {
        return MAJOR_VERSION;
    }

    @Override
    public int getMinorVersion() {
        return MINOR_VERSION;
    }

    /** Not yet: JDBC compliance requires full SQL-92 Entry Level support, which the engine does not claim. */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw SqlExceptions.unsupported("java.util.logging");
    }
}
