package org.verso.sql.exec.constraint;

import java.util.List;
import org.verso.sql.exec.ExecContext;

/**
 * The constraints an INSERT, UPDATE or DELETE of one table keeps, compiled into its plan: CHECK conditions on each
 * new row before it is written, then, after all the statement's writes, the foreign keys of the table (the parent of
 * each written row exists) and those referencing it (ON DELETE actions, no dangling reference left by a changed
 * key). A violation fails the statement, which the session rolls back as a whole.
 *
 * <p>NOT NULL, types, the primary key and UNIQUE constraints are the table's own checks (engine-core checks unique
 * keys through their indexes as each row is written), not repeated here.
 */
public final class TableConstraints {
    /** A table without constraints beyond its own. */
    public static final TableConstraints NONE = new TableConstraints(new CheckConstraints("", List.of()),
        new ParentKeys("", List.of()), new ReferencingKeys(""));

    private final CheckConstraints checks;
    private final ParentKeys parents;
    private final ReferencingKeys referencedBy;

    TableConstraints(CheckConstraints checks, ParentKeys parents, ReferencingKeys referencedBy) {
        this.checks = checks;
        this.parents = parents;
        this.referencedBy = referencedBy;
    }

    /** Before a new row (in table column order, canonical values) is written: its CHECK constraints. */
    public void checkRow(Object[] row, ExecContext ctx) {
        checks.check(row, ctx);
    }

    /** Whether {@link #afterInsert} checks anything: if not, the statement need not keep its new rows. */
    public boolean checksAfterInsert() {
        return !parents.isEmpty();
    }

    /** Whether {@link #afterUpdate} checks anything. */
    public boolean checksAfterUpdate() {
        return !parents.isEmpty() || !referencedBy.isEmpty();
    }

    /** Whether {@link #afterDelete} checks anything. */
    public boolean checksAfterDelete() {
        return !referencedBy.isEmpty();
    }

    public void afterInsert(ExecContext ctx, List<Object[]> newRows) {
        parents.check(ctx, newRows, null);
    }

    /**
     * Checks {@code rows}, all the rows of the table as its new definition reads them, against the constraints:
     * ALTER TABLE does this before it stores a definition with new constraints or columns.
     */
    public void checkExisting(ExecContext ctx, List<Object[]> rows) {
        for (Object[] row : rows) {
            checks.check(row, ctx);
        }
        parents.check(ctx, rows, null);
    }

    /** After an UPDATE; {@code oldRows}, {@code newRows} and the rows' ids {@code rowIds} correspond by position. */
    public void afterUpdate(ExecContext ctx, List<Object[]> oldRows, List<Object[]> newRows, List<Long> rowIds) {
        parents.check(ctx, newRows, oldRows);
        referencedBy.afterUpdate(ctx, oldRows, newRows, rowIds);
    }

    /** After a DELETE of {@code oldRows}, whose ids are {@code rowIds} (same order). */
    public void afterDelete(ExecContext ctx, List<Object[]> oldRows, List<Long> rowIds) {
        referencedBy.afterDelete(ctx, oldRows, rowIds);
    }
}
