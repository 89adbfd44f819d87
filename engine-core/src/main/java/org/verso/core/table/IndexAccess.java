package org.verso.core.table;

import org.verso.common.type.DataType;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.TableDefinition;
import org.verso.storage.index.KeyCodec;
import org.verso.storage.index.TableIndex;

/**
 * One index of a table as the table layer uses it: its catalog definition, its storage, what its entries'
 * references name (by index kind), the codec that turns a row into the index's encoded key, and the counters of
 * reads through it. Thread safe.
 */
final class IndexAccess {
    private final IndexDefinition definition;
    private final TableIndex storage;
    private final IndexEntryRefs refs;
    private final KeyCodec codec;
    private final int[] columns;
    private final IndexReads reads;

    IndexAccess(TableDefinition table, IndexDefinition definition, TableIndex storage) {
        this(table, definition, storage, new IndexReads());
    }

    private IndexAccess(TableDefinition table, IndexDefinition definition, TableIndex storage, IndexReads reads) {
        this.reads = reads;
        this.definition = definition;
        this.storage = storage;
        this.refs = definition.kind() == IndexKind.BTREE ? VersionObliviousRefs.INSTANCE : VersionAwareRefs.INSTANCE;
        this.columns = definition.columns();
        DataType[] types = new DataType[columns.length];
        for (int i = 0; i < columns.length; i++) {
            types[i] = table.column(columns[i]).type();
        }
        this.codec = new KeyCodec(types, definition.descending());
    }

    /** The same index and storage for a changed table definition, whose rows may have the index's columns elsewhere. */
    IndexAccess in(TableDefinition table) {
        IndexDefinition changed = table.index(definition.name()).orElseThrow();
        return new IndexAccess(table, changed, storage, reads);
    }

    IndexDefinition definition() {
        return definition;
    }

    TableIndex storage() {
        return storage;
    }

    IndexEntryRefs refs() {
        return refs;
    }

    KeyCodec codec() {
        return codec;
    }

    int[] columns() {
        return columns;
    }

    /** The counters of reads through this index. */
    IndexReads reads() {
        return reads;
    }

    /** The encoded key of {@code row}, a row of the table. */
    byte[] keyOf(Object[] row) {
        return codec.encodeRow(row, columns);
    }

    /** Whether {@code row} has a NULL in a key column: such a key never conflicts with another in a unique index. */
    boolean hasNullKey(Object[] row) {
        for (int c : columns) {
            if (row[c] == null) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code row}'s key encodes to {@code key}. */
    boolean matches(Object[] row, byte[] key) {
        return codec.rowHasKey(row, columns, key);
    }
}
