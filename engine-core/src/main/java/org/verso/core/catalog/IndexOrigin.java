package org.verso.core.catalog;

/** Why an index exists: it backs a constraint (and goes when the constraint goes) or was created on its own. */
public enum IndexOrigin {
    /** The table's PRIMARY KEY. */
    PRIMARY_KEY,
    /** A UNIQUE constraint of the table. */
    UNIQUE_CONSTRAINT,
    /** A CREATE INDEX statement. */
    CREATE_INDEX
}
