package org.verso.sql.api;

/**
 * One holder's share of an open database (a JDBC connection holds one). The database stays open while any lease on
 * it is held; releasing the last closes it, and an in-memory database then disappears.
 *
 * <p>Threading: thread safe. Sessions opened from a lease are used by one thread at a time each.
 */
public interface DatabaseLease extends AutoCloseable {
    /** The directory path or {@code mem:NAME} of the database. */
    String name();

    /** A new session on the database; 08003 once the lease is released. */
    SqlSession openSession();

    boolean isReleased();

    /** Releases the lease; the last release closes the database. Idempotent. */
    @Override
    void close();
}
