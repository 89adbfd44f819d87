package org.verso.jdbc;

import java.sql.BatchUpdateException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransactionRollbackException;
import org.verso.common.VersoException;

/**
 * The one place where engine errors become JDBC exceptions, and where the driver's own errors are built.
 *
 * <p>The SQLState class selects the {@link SQLException} subclass; state and message are kept as the engine wrote
 * them. The vendor code is always 0: tools such as BenchBase retry a 40001 only when the vendor code is 0.
 */
public final class SqlExceptions {
    /** Connection does not exist (closed). */
    public static final String CONNECTION_CLOSED = "08003";
    /** Client unable to establish the connection (bad URL, cannot open). */
    public static final String CANNOT_CONNECT = "08001";
    public static final String FEATURE_NOT_SUPPORTED = "0A000";
    public static final String INVALID_PARAMETER_VALUE = "22023";
    public static final String INVALID_CAST = "22018";
    public static final String NUMERIC_OUT_OF_RANGE = "22003";
    /** A '?' has no value. */
    public static final String PARAMETER_NOT_SET = "07001";
    /** Statement or result set used after close, or in a state that does not allow the call (PostgreSQL's 55000). */
    public static final String OBJECT_NOT_IN_STATE = "55000";
    /** A column label or index that does not exist in the result. */
    public static final String INVALID_COLUMN = "42703";
    public static final String INTERNAL_ERROR = "XX000";

    private SqlExceptions() {
    }

    /** The JDBC exception for an engine exception. */
    public static SQLException of(VersoException e) {
        return create(e.getMessage(), e.sqlState(), e);
    }

    /**
     * The JDBC exception for anything the engine threw: a {@link VersoException} keeps its state; any other runtime
     * exception is an internal error (XX000) whose message names the exception, so it is never null.
     */
    public static SQLException of(RuntimeException e) {
        if (e instanceof VersoException v) {
            return of(v);
        }
        String message = e.getMessage() != null ? e.getMessage() : e.getClass().getName();
        if (e instanceof UnsupportedOperationException) {
            return new SQLFeatureNotSupportedException(message, FEATURE_NOT_SUPPORTED, 0, e);
        }
        return new SQLException("internal error: " + message, INTERNAL_ERROR, 0, e);
    }

    /** An exception of the subclass that matches {@code sqlState}'s class. */
    public static SQLException create(String message, String sqlState, Throwable cause) {
        String stateClass = sqlState == null || sqlState.length() < 2 ? "" : sqlState.substring(0, 2);
        switch (stateClass) {
            case "08":
                return new SQLNonTransientConnectionException(message, sqlState, 0, cause);
            case "0A":
                return new SQLFeatureNotSupportedException(message, sqlState, 0, cause);
            case "22":
                return new SQLDataException(message, sqlState, 0, cause);
            case "23":
                return new SQLIntegrityConstraintViolationException(message, sqlState, 0, cause);
            case "40":
                return new SQLTransactionRollbackException(message, sqlState, 0, cause);
            case "42":
                return new SQLSyntaxErrorException(message, sqlState, 0, cause);
            default:
                return new SQLException(message, sqlState, 0, cause);
        }
    }

    public static SQLException create(String message, String sqlState) {
        return create(message, sqlState, null);
    }

    public static SQLException connectionClosed() {
        return create("the connection is closed", CONNECTION_CLOSED);
    }

    public static SQLFeatureNotSupportedException unsupported(String feature) {
        return new SQLFeatureNotSupportedException(feature + " is not supported", FEATURE_NOT_SUPPORTED, 0);
    }

    /**
     * A batch failure. It carries the failing statement's state and vendor code itself (not only as its cause), so
     * a caller that classifies by state, such as a retry loop on 40001, sees it.
     */
    public static BatchUpdateException batchFailed(SQLException cause, long[] countsSoFar) {
        return new BatchUpdateException("batch entry " + countsSoFar.length + " failed: " + cause.getMessage(),
            cause.getSQLState(), cause.getErrorCode(), countsSoFar, cause);
    }

    /** {@link java.sql.Wrapper#unwrap} for driver objects, which wrap nothing but themselves. */
    static <T> T unwrap(Object self, Class<T> iface) throws SQLException {
        if (iface.isInstance(self)) {
            return iface.cast(self);
        }
        throw create("not a wrapper for " + iface.getName(), INVALID_PARAMETER_VALUE);
    }
}
