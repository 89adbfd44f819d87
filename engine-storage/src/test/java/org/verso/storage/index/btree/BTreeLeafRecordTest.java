package org.verso.storage.index.btree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.verso.storage.index.IndexCursor;
import org.verso.storage.index.IndexEntries;
import org.verso.storage.index.KeyRange;
import org.verso.storage.index.TableIndex;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.wal.FullPageImages;
import org.verso.storage.wal.RecordType;
import org.verso.storage.wal.RecordingLog;
import org.verso.storage.wal.RedoHandler;
import org.verso.storage.wal.RedoLog;
import org.verso.storage.wal.Varints;

/** The log records of entries inserted into and removed from leaves: their size, and the replay of both forms. */
class BTreeLeafRecordTest {
    private static final int PAGE = 4096;
    private static final long STREAM = 12;

    private static byte[] key(long k) {
        return ByteBuffer.allocate(8).putLong(k ^ Long.MIN_VALUE).array();
    }

    private static PageFile file() throws Exception {
        return new PageFile(1, "idx", PageKind.INDEX, PAGE, new MemoryPageChannel(), new IoAccounting());
    }

    /** A leaf record holds the key and three small numbers, not two longs and a long reference. */
    @Test
    void aLeafRecordNamesItsPageAndReferenceInAFewBytes() throws Exception {
        RecordingLog log = new RecordingLog();
        BTree tree = BTree.create("idx", TableIndex.Reference.ROW_ID, file(), new BufferPool(PAGE, 64L * PAGE), log,
            FullPageImages.NEVER, STREAM);
        tree.insert(key(7), 1_000);
        tree.remove(key(7), 1_000);
        List<RecordingLog.Entry> records = log.records(log.size());
        RecordingLog.Entry insert = records.get(records.size() - 2);
        RecordingLog.Entry remove = records.get(records.size() - 1);
        assertEquals(BTreeLog.LEAF_INSERT, insert.type());
        assertEquals(BTreeLog.LEAF_REMOVE, remove.type());
        // Stream 12 and page 1 take a byte each, reference 1,000 two: 8 + 4 bytes where 8 + 8 + 8 + 8 were.
        assertEquals(12, insert.payload().length);
        assertEquals(12, remove.payload().length);
    }

    /**
     * A tree changed at random (leaf changes, splits and merges) is rebuilt from its log the same whether its leaf
     * records are in the compact form or in the long form logs written before it hold.
     */
    @Test
    void bothFormsOfLeafRecordsReplayToTheSameTree() throws Exception {
        long seed = System.nanoTime();
        System.out.println("BTreeLeafRecordTest seed=" + seed);
        Random random = new Random(seed);
        RecordingLog log = new RecordingLog();
        BTree tree = BTree.create("idx", TableIndex.Reference.ROW_ID, file(), new BufferPool(PAGE, 64L * PAGE), log,
            FullPageImages.NEVER, STREAM);
        List<Long> live = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            if (live.isEmpty() || random.nextInt(3) > (i < 12_000 ? 0 : 1)) {
                long k = random.nextInt(1 << 30);
                if (tree.insert(key(k), k * 3)) {
                    live.add(k);
                }
            } else {
                long k = live.remove(random.nextInt(live.size()));
                assertTrue(tree.remove(key(k), k * 3));
            }
        }
        assertTrue(tree.splits() > 10 && tree.merges() > 0, tree.splits() + " splits, " + tree.merges() + " merges");
        List<RecordingLog.Entry> records = log.records(log.size());
        List<RecordingLog.Entry> longForm = new ArrayList<>();
        int leafRecords = 0;
        for (RecordingLog.Entry record : records) {
            boolean insert = record.type() == BTreeLog.LEAF_INSERT;
            if (insert || record.type() == BTreeLog.LEAF_REMOVE) {
                longForm.add(new RecordingLog.Entry(insert ? BTreeLog.LONG_LEAF_INSERT : BTreeLog.LONG_LEAF_REMOVE,
                    longPayload(record.payload()), record.lsn()));
                leafRecords++;
            } else {
                longForm.add(record);
            }
        }
        assertTrue(leafRecords > 10_000, leafRecords + " leaf records");
        List<String> expected = contents(tree);
        assertEquals(live.size(), expected.size());
        assertEquals(expected, replay(records), "compact records, seed " + seed);
        assertEquals(expected, replay(longForm), "long-form records, seed " + seed);
    }

    /** The long form of a compact leaf record's payload: [8 stream][8 page][key][8 reference]. */
    private static byte[] longPayload(byte[] compact) {
        ByteBuffer in = ByteBuffer.wrap(compact);
        long stream = Varints.get(in);
        long page = Varints.get(in);
        long ref = Varints.get(in);
        byte[] key = new byte[in.remaining()];
        in.get(key);
        byte[] entry = IndexEntries.of(key, ref);
        return ByteBuffer.allocate(16 + entry.length).putLong(stream).putLong(page).put(entry).array();
    }

    private static List<String> replay(List<RecordingLog.Entry> records) throws Exception {
        BufferPool pool = new BufferPool(PAGE, 64L * PAGE);
        PageFile file = file();
        Map<Byte, RedoHandler> handlers = new HashMap<>();
        BTree.registerRedo((type, handler) -> handlers.put(type.code(), handler), pool,
            stream -> stream == STREAM ? file : null);
        for (RecordingLog.Entry record : records) {
            RecordType type = record.type();
            handlers.get(type.code()).redo(ByteBuffer.wrap(record.payload()), record.lsn());
        }
        try (BTree again = BTree.open("idx", TableIndex.Reference.ROW_ID, file, pool, RedoLog.NONE,
            FullPageImages.NEVER, STREAM)) {
            return contents(again);
        }
    }

    private static List<String> contents(BTree tree) {
        List<String> out = new ArrayList<>();
        try (IndexCursor c = tree.scan(KeyRange.all(), false)) {
            while (c.next()) {
                out.add(ByteBuffer.wrap(c.key()).getLong() + ":" + c.ref());
            }
        }
        return out;
    }
}
