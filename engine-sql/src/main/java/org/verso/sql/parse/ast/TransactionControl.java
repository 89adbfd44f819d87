package org.verso.sql.parse.ast;

/**
 * A transaction-control statement as the session runs it: what to do and, for the savepoint statements, the
 * savepoint's name (as SQL resolved it: an unquoted name in upper case).
 */
public record TransactionControl(Action action, String savepoint) {
    /** The statements: BEGIN, COMMIT, ROLLBACK, SAVEPOINT, ROLLBACK TO SAVEPOINT and RELEASE SAVEPOINT. */
    public enum Action {
        BEGIN("BEGIN"),
        COMMIT("COMMIT"),
        ROLLBACK("ROLLBACK"),
        SAVEPOINT("SAVEPOINT"),
        ROLLBACK_TO("ROLLBACK TO SAVEPOINT"),
        RELEASE("RELEASE SAVEPOINT");

        private final String sql;

        Action(String sql) {
            this.sql = sql;
        }

        /** The statement's keywords. */
        public String sql() {
            return sql;
        }
    }

    /** The statement as SQL text. */
    public String sql() {
        return savepoint == null ? action.sql() : action.sql() + " " + savepoint;
    }
}
