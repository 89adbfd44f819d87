package org.verso.core.table;

/**
 * Re-evaluates a statement on the newest committed version of a row it meant to change, when a transaction that
 * committed after the statement's snapshot changed the row first (READ COMMITTED follows such updates; see
 * {@link org.verso.core.tx.ConcurrencyControl#followsConcurrentUpdates}).
 */
@FunctionalInterface
public interface RowRecheck {
    /** Leaves the row alone. */
    RowRecheck SKIP = newest -> null;

    /**
     * Given the row's newest committed values, the row to write instead (for a delete or a lock, any non-null array
     * to go on), or null if the statement's condition no longer holds and the row is to be left alone.
     */
    Object[] recheck(Object[] newest);
}
