package org.verso.storage.index;

/** The index contract for the in-memory index. */
class MemoryIndexContractTest extends AbstractTableIndexContractTest {
    @Override
    protected TableIndex newIndex() {
        return new MemoryIndex(TableIndex.Reference.ROW_ID);
    }
}
