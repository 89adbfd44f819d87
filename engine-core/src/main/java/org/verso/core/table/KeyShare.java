package org.verso.core.table;

/** What {@link Table#keyShare} found of the row a foreign key's check relies on. */
public enum KeyShare {
    /** The row is there with the key the check saw, and the transaction holds a key-share lock on it. */
    HELD,
    /** The row has no version any more. */
    GONE,
    /**
     * At READ COMMITTED only: a transaction that committed after the check's snapshot deleted the row or changed its
     * key; the check looks again in the newest committed state.
     */
    CHANGED
}
