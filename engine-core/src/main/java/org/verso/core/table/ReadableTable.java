package org.verso.core.table;

import org.verso.common.RowCursor;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.tx.Transaction;

/** Something the executor can scan: a user table or a read-only system view. */
public interface ReadableTable {
    TableDefinition definition();

    /** Every row the transaction sees. */
    RowCursor scan(Transaction tx);
}
