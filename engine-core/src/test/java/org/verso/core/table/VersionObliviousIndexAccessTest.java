package org.verso.core.table;

import org.verso.core.catalog.IndexKind;

/** The index contract for the version-oblivious B+tree (key -> tuple id of every version). */
class VersionObliviousIndexAccessTest extends AbstractIndexAccessTest {
    @Override
    protected IndexKind kind() {
        return IndexKind.BTREE;
    }
}
