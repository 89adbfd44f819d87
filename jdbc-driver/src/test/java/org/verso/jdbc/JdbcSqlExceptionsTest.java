package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.sql.BatchUpdateException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;

class JdbcSqlExceptionsTest {
    @Test
    void stateClassSelectsTheSubclassAndKeepsStateAndMessage() {
        check(ErrorCode.DATABASE_LOCKED.exception("/d", "/d/lock"), SQLNonTransientConnectionException.class);
        check(ErrorCode.FEATURE_NOT_SUPPORTED.exception("x"), SQLFeatureNotSupportedException.class);
        check(ErrorCode.DIVISION_BY_ZERO.exception(), SQLDataException.class);
        check(ErrorCode.UNIQUE_VIOLATION.exception("(ID)=(1)", "T_PKEY", "T"), SQLIntegrityConstraintViolationException.class);
        check(ErrorCode.WRITE_CONFLICT.exception("T", "(1)", 7L), SQLTransactionRollbackException.class);
        check(ErrorCode.TABLE_NOT_FOUND.exception("T"), SQLSyntaxErrorException.class);
        check(ErrorCode.IO_ERROR.exception("f", "boom"), SQLException.class);
    }

    private static void check(VersoException e, Class<? extends SQLException> expected) {
        SQLException s = SqlExceptions.of(e);
        assertEquals(expected, s.getClass());
        assertEquals(e.sqlState(), s.getSQLState());
        assertEquals(e.getMessage(), s.getMessage());
        assertEquals(0, s.getErrorCode(), "vendor code must be 0 so that tools retry 40001");
        assertSame(e, s.getCause());
    }

    @Test
    void otherRuntimeExceptionsAreInternalErrorsWithAMessage() {
        SQLException s = SqlExceptions.of(new IllegalStateException());
        assertEquals("XX000", s.getSQLState());
        assertEquals("internal error: java.lang.IllegalStateException", s.getMessage());
        assertInstanceOf(SQLFeatureNotSupportedException.class, SqlExceptions.of(new UnsupportedOperationException()));
    }

    @Test
    void batchFailureCarriesTheStateOfTheFailedEntry() {
        SQLException conflict = SqlExceptions.of(ErrorCode.WRITE_CONFLICT.exception("T", "(1)", 7L));
        BatchUpdateException b = SqlExceptions.batchFailed(conflict, new long[] {1, 1});
        assertEquals("40001", b.getSQLState());
        assertEquals(0, b.getErrorCode());
        assertArrayEquals(new long[] {1, 1}, b.getLargeUpdateCounts());
        assertSame(conflict, b.getCause());
    }
}
