package org.verso.sql.api;

import java.util.HashMap;
import java.util.Map;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.core.Database;
import org.verso.sql.SqlEngine;
import org.verso.sql.parse.ParserWarmup;

/**
 * The databases this JVM has open, keyed by normalised directory or {@code mem:NAME}, each with its engine and a
 * count of leases. The first lease opens the database; the last release closes it.
 *
 * <p>Thread safety: every method synchronises on the registry, so an open and a close of the same key never
 * overlap. Opening a database (which recovers it) happens under that monitor; nothing else is locked meanwhile.
 */
final class DatabaseRegistry {
    static final DatabaseRegistry INSTANCE = new DatabaseRegistry();

    private final Map<String, Entry> open = new HashMap<>();

    private static final class Entry {
        final SqlEngine engine;
        int leases;

        Entry(SqlEngine engine) {
            this.engine = engine;
        }
    }

    synchronized DatabaseLease lease(DatabaseSettings settings) {
        String key = settings.key();
        Entry entry = open.get(key);
        if (entry == null || entry.engine.database().isClosed()) {
            entry = new Entry(openEngine(settings));
            open.put(key, entry);
        }
        entry.leases++;
        return new Lease(key, entry);
    }

    private static SqlEngine openEngine(DatabaseSettings settings) {
        ParserWarmup warmup = ParserWarmup.start();
        Database database;
        try {
            database = Database.open(settings.toConfig());
        } finally {
            warmup.await();
        }
        try {
            return new SqlEngine(database);
        } catch (RuntimeException e) {
            try {
                database.close();
            } catch (RuntimeException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
    }

    private synchronized void release(String key, Entry entry) {
        entry.leases--;
        if (entry.leases > 0) {
            return;
        }
        if (open.get(key) == entry) {
            open.remove(key);
        }
        entry.engine.database().close();
    }

    synchronized int leaseCount(String key) {
        Entry entry = open.get(key);
        return entry == null ? 0 : entry.leases;
    }

    private final class Lease implements DatabaseLease {
        private final String key;
        private final Entry entry;
        private boolean released;

        Lease(String key, Entry entry) {
            this.key = key;
            this.entry = entry;
        }

        @Override
        public String name() {
            return entry.engine.database().name();
        }

        @Override
        public SqlSession openSession() {
            synchronized (DatabaseRegistry.this) {
                if (released) {
                    throw ErrorCode.CONNECTION_CLOSED.exception();
                }
            }
            return entry.engine.openSession();
        }

        @Override
        public boolean isReleased() {
            synchronized (DatabaseRegistry.this) {
                return released;
            }
        }

        @Override
        public void close() {
            synchronized (DatabaseRegistry.this) {
                if (released) {
                    return;
                }
                released = true;
                try {
                    release(key, entry);
                } catch (VersoException e) {
                    throw e;
                } catch (RuntimeException e) {
                    throw ErrorCode.INTERNAL_ERROR.exception(e, "closing database " + key + ": " + e);
                }
            }
        }
    }
}
