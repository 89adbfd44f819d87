package org.verso.storage.txlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;

/** Pending commits against a sorted model, under random logging and out-of-order ends. */
class PendingCommitsTest {
    @Test
    void theOldestPendingCommitMatchesASortedModel() {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("PendingCommitsTest seed=" + seed);
        Random random = new Random(seed);
        PendingCommits pending = new PendingCommits();
        TreeMap<Long, long[]> model = new TreeMap<>(); // by commit timestamp: txid, start, page
        List<Long> txids = new ArrayList<>();
        long ts = 0;
        long start = 0;
        long page = 0;
        for (int op = 0; op < 100_000; op++) {
            if (txids.isEmpty() || random.nextInt(5) < 2) {
                long txid = 1_000_000 + op;
                ts += 1 + random.nextInt(3);
                start += 40;
                page += random.nextInt(4) == 0 ? 1 : 0;
                pending.add(txid, ts, start, page);
                model.put(ts, new long[] {txid, start, page});
                txids.add(txid);
            } else {
                long txid = txids.remove(random.nextInt(txids.size()));
                pending.remove(txid);
                model.values().removeIf(e -> e[0] == txid);
            }
            assertEquals(model.isEmpty(), pending.isEmpty());
            if (!model.isEmpty()) {
                assertEquals(model.firstKey().longValue(), pending.oldestTimestamp());
                assertEquals(model.firstEntry().getValue()[1], pending.oldestStart());
                assertEquals(model.firstEntry().getValue()[2], pending.oldestPage());
            }
        }
        pending.remove(42); // never pending: nothing happens
    }

    @Test
    void aCommitLoggedOutOfTimestampOrderIsRefused() {
        PendingCommits pending = new PendingCommits();
        pending.add(1, 10, 100, 0);
        VersoException e = assertThrows(VersoException.class, () -> pending.add(2, 9, 140, 0));
        assertTrue(e.getMessage().contains("out of the order"), e.getMessage());
    }
}
