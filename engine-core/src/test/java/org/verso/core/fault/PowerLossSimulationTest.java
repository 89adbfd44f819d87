package org.verso.core.fault;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.VersoException;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.crash.BankWorkload;

/**
 * Power cuts while many transactions, checkpoints, page evictions and thread interrupts run: per round, client
 * threads transfer money, a checkpointer runs and another thread interrupts the clients at random moments, on a
 * {@link SimulatedDisk} with a small buffer pool; at a random point the power fails
 * (unsynced writes of every page file and log segment are dropped, reordered or torn at sector granularity); the
 * database is opened on what survived and must hold every acknowledged transfer, none rolled back, and the
 * unchanged total balance, also after a second restart. Each round's seed is derived from the run's printed seed,
 * and {@code -Dverso.seed=N -Dverso.powerloss.rounds=1} replays one round's choices (the clients' transfers, the
 * cut point, which writes survive); the threads' timing is not replayed, which is what
 * {@link DeterministicSimulationTest} adds.
 */
class PowerLossSimulationTest {
    @Test
    void manyPowerCutsUnderConcurrency(@TempDir Path tmp) throws Exception {
        run(tmp, Integer.getInteger("verso.powerloss.rounds", 25));
    }

    @Test
    @Tag("slow")
    void aThousandPowerCutsUnderConcurrency(@TempDir Path tmp) throws Exception {
        run(tmp, 1000);
    }

    private static void run(Path tmp, int rounds) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("PowerLossSimulationTest seed=" + seed + " rounds=" + rounds);
        long commits = 0;
        long renames = 0;
        long interrupted = 0;
        for (int round = 0; round < rounds; round++) {
            long[] checked = round(tmp, seed + round, round);
            commits += checked[0];
            renames += checked[1];
            interrupted += checked[2];
        }
        System.out.println("power cuts: " + rounds + ", acknowledged transfers checked: " + commits
            + ", log segments renamed (recycled or reused): " + renames + ", transfers ended by an interrupt (57014): "
            + interrupted);
    }

    /**
     * One round; returns the acknowledged transfers it checked, the log segment renames it saw and the transfers an
     * interrupt ended.
     */
    private static long[] round(Path tmp, long seed, int round) throws Exception {
        Random random = new Random(seed);
        Path live = tmp.resolve("live" + round);
        SimulatedDisk disk = new SimulatedDisk(live);
        DatabaseConfig config = DatabaseConfig.directory(live).withChannels(disk).withCheckpointBytes(16 * 1024)
            .withWalSegmentBytes(16 * 1024).withCacheBytes(24 * 8192).withCommitLogSegmentPages(1);
        Set<Long> acknowledged = Collections.synchronizedSet(new HashSet<>());
        Set<Long> rolledBack = Collections.synchronizedSet(new HashSet<>());
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        AtomicLong progress = new AtomicLong();
        AtomicLong interrupted = new AtomicLong();
        Database db = Database.open(config);
        BankWorkload.initialise(db);
        db.checkpoint();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            long base = (long) c << 32;
            Random clientRandom = new Random(seed * 31 + c);
            threads.add(new Thread(() -> {
                for (long n = 0; ; n++) {
                    try {
                        switch (BankWorkload.transfer(db, clientRandom, base + n)) {
                            case COMMITTED -> acknowledged.add(base + n);
                            case ROLLED_BACK -> rolledBack.add(base + n);
                            default -> { }
                        }
                        progress.incrementAndGet();
                    } catch (VersoException e) {
                        if (disk.dead()) {
                            return; // the power failed: the disk refuses everything from now on
                        }
                        Thread.interrupted();
                        if (e.sqlState().equals("57014")) {
                            rolledBack.add(base + n); // interrupted while waiting: the transfer was rolled back
                            interrupted.incrementAndGet();
                        } else if (!e.sqlState().equals("08007")) {
                            failures.add(e);
                            return;
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                        return;
                    }
                }
            }));
        }
        List<Thread> clients = List.copyOf(threads);
        Random interrupts = new Random(seed * 17);
        threads.add(new Thread(() -> {
            // Interrupts arrive at random points of the clients' work: in statements, in waits for other
            // transactions, in commits waiting for the log force. None may break the database or void a commit
            // that was acknowledged.
            while (!disk.dead()) {
                LockSupport.parkNanos(50_000 + interrupts.nextInt(500_000));
                clients.get(interrupts.nextInt(clients.size())).interrupt();
            }
        }));
        threads.add(new Thread(() -> {
            while (true) {
                try {
                    db.checkpoint();
                } catch (VersoException e) {
                    return;
                } catch (Throwable e) {
                    failures.add(e);
                    return;
                }
            }
        }));
        threads.forEach(Thread::start);
        long cutAfter = 20 + random.nextInt(300);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (progress.get() < cutAfter && failures.isEmpty() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        Path after = tmp.resolve("after" + round);
        disk.powerCut(random, after);
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(60));
        }
        try {
            db.close();
        } catch (RuntimeException expected) {
            // The process "died" with the power; closing only releases what the test JVM holds.
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("seed " + seed + ": " + failures);
        }
        String context = "round " + round + " (seed " + seed + ")";
        try (Database recovered = Database.open(DatabaseConfig.directory(after))) {
            BankWorkload.verify(recovered, Set.copyOf(acknowledged), Set.copyOf(rolledBack), context);
        }
        try (Database again = Database.open(DatabaseConfig.directory(after))) {
            BankWorkload.verify(again, Set.copyOf(acknowledged), Set.copyOf(rolledBack), context + " reopened");
        }
        return new long[] {acknowledged.size(), disk.renames(), interrupted.get()};
    }
}
