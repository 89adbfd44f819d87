package org.verso.sql.api;

/**
 * The entry point of engine-sql: opens databases and shares them. Every holder in the JVM that names the same
 * directory (however the path is spelled) or the same in-memory name shares one open database and one plan cache,
 * because a directory must be opened once per process, or two buffer pools would write the same files.
 *
 * <p>Settings such as the cache size apply when a database is opened; later leases share what is open. Another
 * process holding the directory's lock gives 08001.
 *
 * <p>Threading: thread safe; opening and closing of one database never overlap.
 */
public final class Databases {
    private Databases() {
    }

    /** Opens the database {@code settings} names, or joins it if it is open; 08001 if it cannot be opened. */
    public static DatabaseLease open(DatabaseSettings settings) {
        return DatabaseRegistry.INSTANCE.lease(settings);
    }

    /** How many leases are held on the database {@code settings} names; 0 when it is not open. */
    public static int leaseCount(DatabaseSettings settings) {
        return DatabaseRegistry.INSTANCE.leaseCount(settings.key());
    }
}
