package org.verso.jdbc;

import java.sql.SQLException;
import java.sql.Savepoint;

/**
 * A savepoint of a {@link VersoConnection}: the session's savepoint id, and the name the application gave it, if
 * any. As JDBC specifies, a named savepoint has no id to ask for and an unnamed one no name.
 */
final class VersoSavepoint implements Savepoint {
    private final VersoConnection connection;
    private final int id;
    private final String name;

    VersoSavepoint(VersoConnection connection, int id, String name) {
        this.connection = connection;
        this.id = id;
        this.name = name;
    }

    /** The session's id of {@code savepoint}, which must be one of {@code connection}'s (3B001 otherwise). */
    static int idOf(Savepoint savepoint, VersoConnection connection) throws SQLException {
        if (!(savepoint instanceof VersoSavepoint s) || s.connection != connection) {
            throw new SQLException("not a savepoint of this connection: " + savepoint, "3B001");
        }
        return s.id;
    }

    @Override
    public int getSavepointId() throws SQLException {
        if (name != null) {
            throw new SQLException("a named savepoint has no id; use getSavepointName", "3B001");
        }
        return id;
    }

    @Override
    public String getSavepointName() throws SQLException {
        if (name == null) {
            throw new SQLException("an unnamed savepoint has no name; use getSavepointId", "3B001");
        }
        return name;
    }

    @Override
    public String toString() {
        return name != null ? "savepoint " + name : "savepoint " + id;
    }
}
