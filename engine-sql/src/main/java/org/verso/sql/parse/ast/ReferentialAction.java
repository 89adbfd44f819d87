package org.verso.sql.parse.ast;

/** What a foreign key does when the referenced row goes ({@code ON DELETE}) or its key changes ({@code ON UPDATE}). */
public enum ReferentialAction {
    NO_ACTION("NO ACTION"),
    RESTRICT("RESTRICT"),
    CASCADE("CASCADE"),
    SET_NULL("SET NULL"),
    SET_DEFAULT("SET DEFAULT");

    private final String sql;

    ReferentialAction(String sql) {
        this.sql = sql;
    }

    /** The action as SQL spells it. */
    public String sql() {
        return sql;
    }
}
