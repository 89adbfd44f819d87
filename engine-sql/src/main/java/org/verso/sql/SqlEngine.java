package org.verso.sql;

import org.verso.core.Database;

/** STUB (API outline; engine-sql implements it). One per open Database; owns the shared plan cache. */
public final class SqlEngine {
    /** The engine of this database (one per Database instance, created on first use). */
    public static SqlEngine forDatabase(Database database) { throw new UnsupportedOperationException(); }
    public Database database() { throw new UnsupportedOperationException(); }
    /** A new session (one per JDBC connection). */
    public Session openSession() { throw new UnsupportedOperationException(); }
}
