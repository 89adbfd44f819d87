package org.verso.core.catalog;

/** What deleting a referenced row does to the rows that reference it. */
public enum ForeignKeyAction {
    /** Refuse the delete while referencing rows remain at the end of the statement (23503). */
    NO_ACTION,
    /** Refuse the delete if any row references the deleted one (23503). */
    RESTRICT,
    /** Delete the referencing rows too. */
    CASCADE,
    /** Set the referencing rows' foreign key columns to NULL. */
    SET_NULL
}
