package org.verso.core.table;

import org.verso.core.catalog.TableDefinition;
import org.verso.core.tx.Transaction;

/** STUB: signatures only, implementation in progress. */
public final class Table {
    public TableDefinition definition() { throw new UnsupportedOperationException(); }
    public RowCursor scan(Transaction tx) { throw new UnsupportedOperationException(); }
    public RowCursor lookup(Transaction tx, Object[] key) { throw new UnsupportedOperationException(); }
    public long insert(Transaction tx, Object[] row) { throw new UnsupportedOperationException(); }
    public boolean update(Transaction tx, long rowId, Object[] newRow) { throw new UnsupportedOperationException(); }
    public boolean delete(Transaction tx, long rowId) { throw new UnsupportedOperationException(); }
}
