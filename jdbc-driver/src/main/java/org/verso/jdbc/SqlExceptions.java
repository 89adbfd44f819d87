package org.verso.jdbc;

import java.sql.BatchUpdateException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import org.verso.common.ErrorCode;
import org.verso.common.SqlState;
import org.verso.common.VersoException;

/**
 * The one place where engine errors become JDBC exceptions, and where the driver's own errors are built. Every
 * SQLState comes from engine-common's {@link SqlState}.
 *
 * <p>The SQLState class selects the {@link SQLException} subclass; state and message are kept as the engine wrote
 * them. The vendor code is always 0: tools such as BenchBase retry a 40001 only when the vendor code is 0.
 */
public final class SqlExceptions {
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
            return new SQLFeatureNotSupportedException(message, SqlState.FEATURE_NOT_SUPPORTED, 0, e);
        }
        return new SQLException("internal error: " + message, SqlState.INTERNAL_ERROR, 0, e);
    }

    /** The JDBC exception for an engine error the driver raises itself (for example 08003 for a closed connection). */
    public static SQLException of(ErrorCode code, Object... args) {
        return of(code.exception(args));
    }

    /** An exception of the subclass that matches {@code sqlState}'s class. */
    public static SQLException create(String message, String sqlState, Throwable cause) {
        switch (SqlState.classOf(sqlState)) {
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
            case "57":
                // JDBC reserves SQLTimeoutException for a statement stopped by its query timeout or by cancel.
                return new SQLTimeoutException(message, sqlState, 0, cause);
            default:
                return new SQLException(message, sqlState, 0, cause);
        }
    }

    public static SQLException create(String message, String sqlState) {
        return create(message, sqlState, null);
    }

    public static SQLException connectionClosed() {
        return of(ErrorCode.CONNECTION_CLOSED);
    }

    public static SQLFeatureNotSupportedException unsupported(String feature) {
        return new SQLFeatureNotSupportedException(feature + " is not supported", SqlState.FEATURE_NOT_SUPPORTED, 0);
    }

    /**
     * A batch failure. It carries the failing statement's state and vendor code itself (not only as its cause), so
     * a caller that classifies by state, such as a retry loop on 40001, sees it.
     */
    public static BatchUpdateException batchFailed(SQLException cause, long[] countsSoFar) {
        return batchFailed("batch entry " + countsSoFar.length + " failed", cause, countsSoFar);
    }

    /** A batch that failed as a whole ({@code what}), carrying the cause's SQLState and the counts so far. */
    public static BatchUpdateException batchFailed(String what, SQLException cause, long[] countsSoFar) {
        return new BatchUpdateException(what + ": " + cause.getMessage(), cause.getSQLState(), cause.getErrorCode(),
            countsSoFar, cause);
    }

    /** {@link java.sql.Wrapper#unwrap} for driver objects, which wrap nothing but themselves. */
    static <T> T unwrap(Object self, Class<T> iface) throws SQLException {
        if (iface.isInstance(self)) {
            return iface.cast(self);
        }
        throw create("not a wrapper for " + iface.getName(), SqlState.INVALID_PARAMETER_VALUE);
    }
}
