package org.verso.core.table;

import org.verso.core.catalog.IndexKind;

/** The index contract for MV-IDX (key -> VID, visibility decided in the index). */
class MvIdxAccessTest extends AbstractIndexAccessTest {
    @Override
    protected IndexKind kind() {
        return IndexKind.MVIDX;
    }
}
