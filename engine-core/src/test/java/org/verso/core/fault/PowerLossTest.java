package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.crash.BankWorkload;
import org.verso.common.RowCursor;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.storage.wal.Durability;

/**
 * Power-loss simulation: the workload runs on a {@link SimulatedDisk}; at a random moment the power is cut, unsynced
 * writes are dropped, reordered or torn, and the surviving files must recover to a committed-consistent state that
 * holds every acknowledged commit.
 */
class PowerLossTest {
    private static Set<Long> presentTransfers(Database db) {
        Set<Long> present = new HashSet<>();
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        RowCursor rows = db.table("TRANSFERS").scan(tx);
        while (rows.next()) {
            present.add((Long) rows.row()[0]);
        }
        tx.commit();
        return present;
    }

    @Test
    @Timeout(300)
    void recoveryAfterPowerCutKeepsEveryAcknowledgedCommit(@TempDir Path tmp) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("PowerLossTest seed=" + seed);
        Random random = new Random(seed);
        for (int round = 0; round < 6; round++) {
            Path live = tmp.resolve("live" + round);
            SimulatedDisk disk = new SimulatedDisk(live);
            boolean async = round % 2 == 1;
            DatabaseConfig config = DatabaseConfig.directory(live).withChannels(disk).withCheckpointBytes(64 * 1024)
                .withWalSegmentBytes(256 * 1024).withCacheBytes(64 * 8192)
                .withDurability(async ? Durability.ASYNC : Durability.SYNC);
            Set<Long> acknowledged = new HashSet<>();
            Set<Long> rolledBack = new HashSet<>();
            Database db = Database.open(config);
            BankWorkload.initialise(db);
            // With async durability the accounts could otherwise be lost with everything after them, which is a
            // consistent state too, but leaves nothing to check.
            db.checkpoint();
            int transfers = 100 + random.nextInt(400);
            for (long id = 0; id < transfers; id++) {
                switch (BankWorkload.transfer(db, random, id)) {
                    case COMMITTED -> acknowledged.add(id);
                    case ROLLED_BACK -> rolledBack.add(id);
                    default -> { }
                }
                if (random.nextInt(150) == 0) {
                    db.checkpoint();
                }
            }
            Path after = tmp.resolve("after" + round);
            int dropped = disk.powerCut(random, after);
            try {
                db.close();
            } catch (RuntimeException expected) {
                // The process "died" with the power; closing only releases what the test JVM holds.
            }
            System.out.println("round " + round + (async ? " (async)" : " (sync)") + ": " + acknowledged.size()
                + " commits, " + dropped + " unsynced writes dropped");
            assertFalse(acknowledged.isEmpty(), "the workload committed something");
            if (async) {
                // Async commits may be lost, but only from the end: the survivors are a prefix in commit order.
                try (Database recovered = Database.open(DatabaseConfig.directory(after))) {
                    Set<Long> present = presentTransfers(recovered);
                    List<Long> inOrder = acknowledged.stream().sorted().toList();
                    int survivors = 0;
                    while (survivors < inOrder.size() && present.contains(inOrder.get(survivors))) {
                        survivors++;
                    }
                    for (long id : inOrder.subList(survivors, inOrder.size())) {
                        assertFalse(present.contains(id), "round " + round + ": transfer " + id
                            + " survived although an earlier commit was lost");
                    }
                    acknowledged.retainAll(inOrder.subList(0, survivors));
                    System.out.println("  async: " + survivors + " of " + inOrder.size() + " commits survived");
                }
            }
            try (Database recovered = Database.open(DatabaseConfig.directory(after))) {
                BankWorkload.verify(recovered, acknowledged, rolledBack, "round " + round);
            }
            try (Database again = Database.open(DatabaseConfig.directory(after))) {
                BankWorkload.verify(again, acknowledged, rolledBack, "round " + round + " reopened");
            }
        }
    }
}
