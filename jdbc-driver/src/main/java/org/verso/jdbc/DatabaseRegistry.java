package org.verso.jdbc;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.verso.core.Database;
import org.verso.sql.SqlEngine;

/**
 * The databases this JVM has open through the driver, so that all connections to one directory (or one in-memory
 * name) share one {@link Database} and one {@link SqlEngine}. A database can be opened by only one process, and
 * within the process it must be opened only once, or two buffer pools would write the same files.
 *
 * <p>Each entry is reference counted: {@link #acquire} opens the database for its first connection and
 * {@link Lease#release()} closes it when the last connection goes away (an in-memory database then disappears).
 * Settings such as the cache size apply when the database is opened; later connections share what is open.
 *
 * <p>Thread safety: all methods synchronise on the registry, so an open and a close of the same key never overlap.
 */
final class DatabaseRegistry {
    static final DatabaseRegistry INSTANCE = new DatabaseRegistry();

    private final Map<String, Entry> open = new HashMap<>();

    /** One connection's share of an open database. Release it exactly once. */
    interface Lease {
        SqlEngine engine();

        Database database();

        void release() throws SQLException;
    }

    private static final class Entry {
        final Database database;
        final SqlEngine engine;
        int users;

        Entry(Database database, SqlEngine engine) {
            this.database = database;
            this.engine = engine;
        }
    }

    /** Opens the database named by {@code url}, or joins it if it is already open. */
    synchronized Lease acquire(ConnectionUrl url) throws SQLException {
        String key = url.databaseKey();
        Entry entry = open.get(key);
        if (entry == null || entry.database.isClosed()) {
            entry = openEntry(url);
            open.put(key, entry);
        }
        entry.users++;
        return new EntryLease(key, entry);
    }

    private static Entry openEntry(ConnectionUrl url) throws SQLException {
        Database database;
        try {
            database = Database.open(url.toConfig());
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        }
        try {
            return new Entry(database, SqlEngine.forDatabase(database));
        } catch (RuntimeException e) {
            closeQuietly(database, e);
            throw SqlExceptions.of(e);
        }
    }

    private static void closeQuietly(Database database, RuntimeException failure) {
        try {
            database.close();
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    private synchronized void release(String key, Entry entry) throws SQLException {
        entry.users--;
        if (entry.users > 0) {
            return;
        }
        if (open.get(key) == entry) {
            open.remove(key);
        }
        try {
            entry.database.close();
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        }
    }

    /** Connections sharing the database under {@code key}; 0 when it is not open. For tests. */
    synchronized int usersOf(String key) {
        Entry entry = open.get(key);
        return entry == null ? 0 : entry.users;
    }

    private final class EntryLease implements Lease {
        private final String key;
        private final Entry entry;
        private boolean released;

        EntryLease(String key, Entry entry) {
            this.key = key;
            this.entry = entry;
        }

        @Override
        public SqlEngine engine() {
            return entry.engine;
        }

        @Override
        public Database database() {
            return entry.database;
        }

        @Override
        public void release() throws SQLException {
            synchronized (DatabaseRegistry.this) {
                if (released) {
                    return;
                }
                released = true;
                DatabaseRegistry.this.release(key, entry);
            }
        }
    }
}
