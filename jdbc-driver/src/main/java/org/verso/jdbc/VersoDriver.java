package org.verso.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import org.verso.common.VersoException;
import org.verso.common.VersoVersion;
import org.verso.sql.api.DatabaseLease;
import org.verso.sql.api.DatabaseSettings;
import org.verso.sql.api.Databases;

/**
 * The Verso JDBC driver: {@code jdbc:verso:PATH} or {@code jdbc:verso:mem:NAME}, with settings after {@code ;}
 * (see {@link ConnectionUrl} and engine-sql's {@link DatabaseSettings}). It registers itself with
 * {@link DriverManager} when the class is loaded (so {@code Class.forName("org.verso.jdbc.VersoDriver")} works) and
 * is listed in {@code META-INF/services/java.sql.Driver} for ServiceLoader discovery.
 *
 * <p>Every connection holds a lease on its database from engine-sql's {@link Databases}, which opens a database for
 * its first connection and closes it after its last.
 *
 * <p>User and password are accepted and ignored: an embedded database has no accounts.
 */
public final class VersoDriver implements Driver {
    public static final int MAJOR_VERSION = VersoVersion.MAJOR;
    public static final int MINOR_VERSION = VersoVersion.MINOR;
    public static final String VERSION = VersoVersion.NUMBER;

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
        DatabaseLease lease;
        try {
            lease = Databases.open(parsed.settings());
        } catch (VersoException e) {
            throw SqlExceptions.of(e);
        }
        return new VersoConnection(parsed, lease);
    }

    @Override
    public boolean acceptsURL(String url) {
        return ConnectionUrl.accepts(url);
    }

    /** The engine's settings, each with its description, default and choices. */
    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        List<DatabaseSettings.Setting> settings = DatabaseSettings.known();
        DriverPropertyInfo[] result = new DriverPropertyInfo[settings.size()];
        for (int i = 0; i < result.length; i++) {
            DatabaseSettings.Setting setting = settings.get(i);
            result[i] = new DriverPropertyInfo(setting.name(), info == null ? null : info.getProperty(setting.name()));
            result[i].description = setting.description() + " (default " + setting.defaultValue() + ")";
            result[i].choices = setting.choices().isEmpty() ? null : setting.choices().toArray(new String[0]);
        }
        return result;
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
