package org.verso.storage.index.btree;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.verso.storage.index.TableIndex;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.wal.FullPageImages;
import org.verso.storage.wal.RecordingLog;

/** What a B+tree's splits write to the log, counted per split. */
class BTreeSplitLoggingTest {
    private static final int PAGE = 8192;

    /**
     * Ascending keys (a load, a sequence) split each leaf at its end: the full leaf stays as it is, so the split's
     * record holds the images of the new leaf, the parent and the meta page, not a full page more.
     */
    @Test
    void anAppendingSplitLogsNoImageOfTheFullLeaf() throws Exception {
        long ascending = imageBytesPerSplit(i -> i);
        // The same number of keys in an order that splits leaves into halves: each split logs both halves.
        long scattered = imageBytesPerSplit(i -> (i * 7919L) % 20_000);
        assertTrue(ascending < PAGE / 2, ascending + " bytes of images per appending split");
        assertTrue(scattered > PAGE / 2, scattered + " bytes of images per halving split");
    }

    private static long imageBytesPerSplit(java.util.function.LongUnaryOperator keyOf) throws Exception {
        RecordingLog log = new RecordingLog();
        PageFile file = new PageFile(7, "index", PageKind.INDEX, PAGE, new MemoryPageChannel(), new IoAccounting());
        BTree tree = BTree.create("t_idx", TableIndex.Reference.ROW_ID, file, new BufferPool(PAGE, 512L * PAGE), log,
            FullPageImages.NEVER, 7);
        for (long i = 0; i < 20_000; i++) {
            long k = keyOf.applyAsLong(i);
            tree.insert(ByteBuffer.allocate(8).putLong(k).array(), k);
        }
        assertTrue(tree.splits() > 20, tree.splits() + " splits");
        return log.payloadBytes(BTreeLog.PAGE_IMAGES) / tree.splits();
    }
}
