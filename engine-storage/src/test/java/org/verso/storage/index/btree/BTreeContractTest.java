package org.verso.storage.index.btree;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.verso.storage.index.AbstractTableIndexContractTest;
import org.verso.storage.index.TableIndex;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.wal.FullPageImages;
import org.verso.storage.wal.RedoLog;

/** The index contract for the B+tree, on small pages so that the contract's entries fill several levels. */
class BTreeContractTest extends AbstractTableIndexContractTest {
    static final int PAGE = 512;

    @Override
    protected TableIndex newIndex() {
        return newTree(new BufferPool(PAGE, 2048L * PAGE));
    }

    static BTree newTree(BufferPool pool) {
        try {
            PageFile file = new PageFile(7, "index", PageKind.INDEX, PAGE, new MemoryPageChannel(),
                new IoAccounting());
            return BTree.create("t_idx", TableIndex.Reference.ROW_ID, file, pool, RedoLog.NONE,
                FullPageImages.NEVER, 7);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
