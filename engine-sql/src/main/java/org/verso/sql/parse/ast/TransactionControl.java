package org.verso.sql.parse.ast;

import java.util.Locale;
import org.verso.sql.api.Isolation;

/**
 * A transaction-control statement as the session runs it: what to do; for the savepoint statements, the savepoint's
 * name (as SQL resolved it: an unquoted name in upper case); for BEGIN, SET TRANSACTION and SET SESSION
 * CHARACTERISTICS, the isolation level asked for, or null where BEGIN names none.
 */
public record TransactionControl(Action action, String savepoint, Isolation isolation) {
    /**
     * The statements: BEGIN, COMMIT, ROLLBACK, SAVEPOINT, ROLLBACK TO SAVEPOINT, RELEASE SAVEPOINT, SET TRANSACTION
     * (the level of the transaction about to start) and SET SESSION CHARACTERISTICS AS TRANSACTION (the level of
     * every later one).
     */
    public enum Action {
        BEGIN("BEGIN"),
        COMMIT("COMMIT"),
        ROLLBACK("ROLLBACK"),
        SAVEPOINT("SAVEPOINT"),
        ROLLBACK_TO("ROLLBACK TO SAVEPOINT"),
        RELEASE("RELEASE SAVEPOINT"),
        SET_TRANSACTION("SET TRANSACTION"),
        SET_SESSION("SET SESSION CHARACTERISTICS AS TRANSACTION");

        private final String sql;

        Action(String sql) {
            this.sql = sql;
        }

        /** The statement's keywords. */
        public String sql() {
            return sql;
        }
    }

    /** A statement without an isolation level. */
    public TransactionControl(Action action, String savepoint) {
        this(action, savepoint, null);
    }

    /** The statement as SQL text. */
    public String sql() {
        String text = savepoint == null ? action.sql() : action.sql() + " " + savepoint;
        return isolation == null ? text : text + " ISOLATION LEVEL " + levelSql(isolation);
    }

    /** The level's name in SQL: {@code READ COMMITTED}, {@code REPEATABLE READ}... */
    public static String levelSql(Isolation isolation) {
        return isolation.name().replace('_', ' ').toUpperCase(Locale.ROOT);
    }
}
