package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.VersoException;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.crash.BankWorkload;

/**
 * The disk fills up in the middle of a workload: statements fail with 53100, and commits with 53100 or, when the
 * log could be forced neither for the COMMIT record nor for the ABORT record that voids it, with 08007 (outcome
 * unknown) caused by the full disk; nothing else goes wrong. When space is back the database carries on, every
 * acknowledged commit is there after reopening, and the balances add up whatever the unknown commits became.
 */
class DiskFullTest {
    @Test
    @Timeout(300)
    void fullDiskFailsCommitsCleanlyAndTheDatabaseRecovers(@TempDir Path dir) {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("DiskFullTest seed=" + seed);
        Random random = new Random(seed);
        FailingChannels channels = new FailingChannels();
        DatabaseConfig config = DatabaseConfig.directory(dir).withChannels(channels).withCacheBytes(32 * 8192);
        Set<Long> acknowledged = new HashSet<>();
        Set<Long> rolledBack = new HashSet<>();
        int diskFullErrors = 0;
        int unknownOutcomes = 0;
        try (Database db = Database.open(config)) {
            BankWorkload.initialise(db);
            long id = 0;
            for (int phase = 0; phase < 3; phase++) {
                channels.full.set(phase == 1);
                for (int i = 0; i < 200; i++, id++) {
                    try {
                        switch (BankWorkload.transfer(db, random, id)) {
                            case COMMITTED -> acknowledged.add(id);
                            case ROLLED_BACK -> rolledBack.add(id);
                            default -> { }
                        }
                    } catch (VersoException e) {
                        if (e.sqlState().equals("08007")) {
                            assertEquals("53100", ((VersoException) e.getCause()).sqlState(), e.getMessage());
                            unknownOutcomes++;
                        } else {
                            assertEquals("53100", e.sqlState(), e.getMessage());
                        }
                        diskFullErrors++;
                    }
                }
                if (phase == 2) {
                    db.checkpoint();
                }
            }
            assertTrue(diskFullErrors > 0, "the full disk was noticed");
            assertEquals(0, db.activeTransactions(), "failed commits were rolled back");
            BankWorkload.verify(db, acknowledged, rolledBack, "live, after the disk had space again");
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            BankWorkload.verify(db, acknowledged, rolledBack, "reopened");
        }
        System.out.println("disk-full errors: " + diskFullErrors + " (of them commits of unknown outcome: "
            + unknownOutcomes + "), acknowledged: " + acknowledged.size());
    }
}
