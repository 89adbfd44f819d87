package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.RowCursor;
import org.verso.common.VersoException;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.crash.BankWorkload;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.core.tx.WaitPolicy;

/**
 * Deterministic simulation of the storage and transaction layers: one thread, driven by a seeded random schedule,
 * interleaves the steps of several concurrent bank-transfer transactions (snapshot isolation and serializable),
 * transactions that delete acknowledged transfers (so that row ids are freed and reused), checkpoints, and periods of
 * a full disk, on a {@link SimulatedDisk} with a small buffer pool and small log segments
 * (so pages are evicted and segments recycled). At the seeded I/O operation the power fails: unforced writes of every
 * page file and log segment are dropped, reordered or torn. In a quarter of the rounds one byte of one file that
 * survived is also flipped. Then:
 * <ul>
 *   <li>without a flipped byte, the recovered database holds every acknowledged transfer, none rolled back or
 *       acknowledged as deleted, and the initial total balance, also after a second open;</li>
 *   <li>with a flipped byte in a data page or metadata file, opening either fails with XX001 naming that file, or
 *       succeeds with everything above (the damaged page was one recovery rebuilds from the log);</li>
 *   <li>with a flipped byte in the log, replay ends at the damaged record: the acknowledged transfers present are a
 *       prefix of the acknowledged ones in commit order, and the other invariants hold.</li>
 * </ul>
 * No damage is ever returned as data. With a single thread the same seed gives the same run: every failure replays
 * with {@code -Dverso.seed=N -Dverso.simulation.rounds=1}, where N is the failing round's seed.
 */
class DeterministicSimulationTest {
    private static final int CLIENTS = 4;

    @Test
    void powerCutsFullDisksAndFlippedBytes(@TempDir Path tmp) throws Exception {
        run(tmp, Integer.getInteger("verso.simulation.rounds", 3000));
    }

    @Test
    @Tag("slow")
    void tenThousandSeeds(@TempDir Path tmp) throws Exception {
        run(tmp, 10_000);
    }

    /**
     * Rounds that once failed, replayed exactly. 3288452816963: a byte flipped in a log segment ended recovery before
     * the COMMIT records of two acknowledged transfers, but a commit-log page written after the last checkpoint still
     * held the later one's commit, whose versions were on disk, while the earlier one's were not: the later transfer
     * survived the earlier. Recovery now takes commits after the checkpoint from the log only.
     * 7351907676848: forcing the log directory after a spare segment was renamed into place failed (the disk was
     * full), but the segment's channel was already kept, so later commits were written to it and acknowledged
     * while its name was never made durable; the power cut took the segment, and with it records that a data page
     * on disk was written from. A segment's channel is now kept only once its name is durable.
     * 3083249624926 and 3111014974151: a byte flipped in a log segment ended replay before the records that rebuild
     * a heap page the power cut had torn; the page's checksum failed with an error that named only the page file.
     * It now names where the log ends too, the damaged segment.
     * 84872634352858 (with deletions): commits whose outcome was undecided made opening replay the heap from long
     * before the image's position, through records whose creators the commit log no longer answered for. Replay
     * skipped the tombstone of an acknowledged deletion for that reason, but installed a merge's copy of the deleted
     * row's version, which it took without asking: the deleted transfer came back. A copy now stands in for nothing
     * when its row has no version and its creator is one the commit log does not answer for (the image decided the
     * row).
     */
    @Test
    void seedsThatOnceFailed(@TempDir Path tmp) throws Exception {
        long[] seeds = {3288452816963L, 7351907676848L, 3083249624926L, 3111014974151L, 11572957637777L};
        long[] seedsWithDeletions = {84872634352858L};
        for (long seed : seeds) {
            replay(tmp, seed, false);
        }
        for (long seed : seedsWithDeletions) {
            replay(tmp, seed, true);
        }
    }

    private static void replay(Path tmp, long seed, boolean deletes) throws IOException {
        Path dir = tmp.resolve(Long.toString(seed));
        Summary summary = new Round(seed, dir, deletes).run();
        assertTrue(summary.acknowledged > 0, "seed " + seed + " committed work before the power failed");
        deleteTree(dir);
    }

    private static void run(Path tmp, int rounds) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("DeterministicSimulationTest seed=" + seed + " rounds=" + rounds);
        Summary total = new Summary();
        for (int round = 0; round < rounds; round++) {
            Path dir = tmp.resolve("r" + round);
            try {
                total.add(new Round(seed + round, dir, true).run());
            } catch (RuntimeException | IOException e) {
                throw new AssertionError("round " + round + ", seed " + (seed + round) + ": " + e, e);
            }
            deleteTree(dir);
        }
        System.out.println("rounds: " + rounds + ", acknowledged transfers checked: " + total.acknowledged
            + ", conflicts: " + total.conflicts + ", disk-full failures: " + total.diskFull + ", unknown outcomes: "
            + total.unknown + ", transfers deleted: " + total.deleted + ", transfer inserts: " + total.inserts
            + " (into a reused row id: " + total.rowIdsReused + "), checkpoints: " + total.checkpoints
            + ", flipped bytes: " + total.flips
            + " (detected as XX001: " + total.detected + "), heap pages given back: " + total.pagesReleased
            + ", versions moved: " + total.versionsMoved + ", commit-log segments given back: "
            + total.commitLogSegmentsReleased);
        assertTrue(total.acknowledged > rounds, "the rounds committed work before the power failed");
    }

    /** Counts over the rounds, printed so a run shows what it exercised. */
    private static final class Summary {
        long acknowledged;
        long conflicts;
        long diskFull;
        long unknown;
        long checkpoints;
        long flips;
        long detected;
        long pagesReleased;
        long versionsMoved;
        long commitLogSegmentsReleased;
        long deleted;
        long inserts;
        long rowIdsReused;

        void add(Summary s) {
            deleted += s.deleted;
            inserts += s.inserts;
            rowIdsReused += s.rowIdsReused;
            commitLogSegmentsReleased += s.commitLogSegmentsReleased;
            pagesReleased += s.pagesReleased;
            versionsMoved += s.versionsMoved;
            acknowledged += s.acknowledged;
            conflicts += s.conflicts;
            diskFull += s.diskFull;
            unknown += s.unknown;
            checkpoints += s.checkpoints;
            flips += s.flips;
            detected += s.detected;
        }
    }

    /** One client's transfer in progress: its transaction and how many of its steps are done. */
    private static final class Client {
        Transaction tx;
        int step;
        long id;
        int from;
        int to;
        long amount;
        boolean rollback;
        // An acknowledged transfer this client's transaction deletes instead of making a transfer; -1: none.
        long deleting = -1;
    }

    private static final class Round {
        private final long seed;
        private final Path dir;
        private final Random random;
        private final SimulatedDisk disk;
        private final List<Long> acknowledged = new ArrayList<>();
        private final Set<Long> rolledBack = new HashSet<>();
        // Acknowledged transfers whose deletion was acknowledged too, and those a client is deleting.
        private final Set<Long> deleted = new HashSet<>();
        private final Set<Long> beingDeleted = new HashSet<>();
        private final Summary summary = new Summary();
        // Whether clients also delete acknowledged transfers, so that row ids are freed and reused; off for the
        // seeds that once failed, whose schedules predate deletion.
        private final boolean deletes;

        Round(long seed, Path dir, boolean deletes) {
            this.seed = seed;
            this.dir = dir;
            this.deletes = deletes;
            this.random = new Random(seed);
            this.disk = new SimulatedDisk(dir.resolve("live"));
        }

        Summary run() throws IOException {
            DatabaseConfig config = DatabaseConfig.directory(dir.resolve("live")).withChannels(disk)
                .withCheckpointBytes(1L << 40).withWalSegmentBytes(16 * 1024).withCacheBytes(16 * 8192)
                .withHeapSegmentBytes(2 * 8192).withCommitLogSegmentPages(1);
            Database db = Database.open(config);
            BankWorkload.initialise(db);
            db.checkpoint();
            disk.dieAfter(50 + random.nextInt(1500));
            try {
                drive(db);
            } finally {
                summary.rowIdsReused = summary.inserts - db.table("TRANSFERS").heapStatistics().rowIds();
                for (String table : List.of("ACCOUNTS", "TRANSFERS")) {
                    summary.pagesReleased += db.table(table).heapStatistics().pagesReleased();
                    summary.versionsMoved += db.table(table).heapStatistics().versionsMoved();
                }
                try {
                    db.close();
                } catch (RuntimeException expected) {
                    // The power is off: closing only releases what the test JVM holds.
                }
            }
            Path after = dir.resolve("after");
            disk.powerCut(random, after);
            summary.commitLogSegmentsReleased = commitLogSegmentsReleased(after);
            Path flipped = random.nextInt(4) == 0 ? flipOneByte(after) : null;
            check(after, flipped);
            return summary;
        }

        private void drive(Database db) {
            Client[] clients = new Client[CLIENTS];
            for (int c = 0; c < CLIENTS; c++) {
                clients[c] = new Client();
            }
            long nextId = 0;
            for (int step = 0; step < 100_000 && !disk.dead(); step++) {
                int dice = random.nextInt(100);
                if (dice < 2) {
                    checkpoint(db);
                    continue;
                }
                if (dice < 4) {
                    disk.full(random.nextInt(3) == 0);
                    continue;
                }
                Client client = clients[random.nextInt(CLIENTS)];
                if (client.tx == null) {
                    client.tx = db.begin(random.nextInt(3) == 0 ? IsolationLevel.SERIALIZABLE : IsolationLevel.SNAPSHOT);
                    // One thread runs every client: a transaction that had to wait for another would wait forever.
                    client.tx.setWaitPolicy(WaitPolicy.NO_WAIT);
                    client.step = 0;
                    client.id = nextId++;
                    client.from = random.nextInt(BankWorkload.ACCOUNTS);
                    client.to = random.nextInt(BankWorkload.ACCOUNTS);
                    client.amount = 1 + random.nextInt(50);
                    client.rollback = random.nextInt(10) == 0;
                    client.deleting = -1;
                    if (deletes && !acknowledged.isEmpty() && random.nextInt(4) == 0) {
                        long victim = acknowledged.get(random.nextInt(acknowledged.size()));
                        if (beingDeleted.add(victim)) {
                            client.deleting = victim;
                            client.rollback = false;
                        }
                    }
                }
                advance(db, client);
            }
        }

        private void checkpoint(Database db) {
            try {
                // Forgetting first gives reclamation work: runs of heap pages no version reaches are given back.
                db.forgetVersions();
                db.checkpoint();
                summary.checkpoints++;
            } catch (VersoException e) {
                // A full disk or the power failing: the previous checkpoint stays in force.
            }
        }

        private void advance(Database db, Client client) {
            Table accounts = db.table("ACCOUNTS");
            try {
                if (client.deleting >= 0) {
                    if (client.step++ == 0) {
                        delete(db.table("TRANSFERS"), client.tx, client.deleting);
                    } else {
                        finish(client);
                    }
                    return;
                }
                switch (client.step++) {
                    case 0 -> BankWorkload.move(accounts, client.tx, client.from, -client.amount);
                    case 1 -> BankWorkload.move(accounts, client.tx, client.to, client.amount);
                    case 2 -> {
                        summary.inserts++;
                        db.table("TRANSFERS").insert(client.tx, new Object[] {client.id, client.from, client.to,
                            client.amount, "x".repeat(random.nextInt(200))});
                    }
                    default -> finish(client);
                }
            } catch (VersoException e) {
                end(client, e);
            }
        }

        /** Deletes transfer {@code id}, acknowledged before the transaction began, so it must see the row. */
        private void delete(Table transfers, Transaction tx, long id) {
            try (RowCursor row = transfers.lookup(tx, new Object[] {id})) {
                if (!row.next()) {
                    throw new AssertionError("seed " + seed + ": acknowledged transfer " + id + " not found");
                }
                if (!transfers.delete(tx, row.rowId())) {
                    throw new AssertionError("seed " + seed + ": transfer " + id + " could not be deleted");
                }
            }
        }

        private void finish(Client client) {
            Transaction tx = client.tx;
            if (client.deleting >= 0) {
                tx.commit();
                client.tx = null;
                acknowledged.remove(Long.valueOf(client.deleting));
                beingDeleted.remove(client.deleting);
                deleted.add(client.deleting);
                summary.deleted++;
                return;
            }
            if (client.rollback) {
                tx.rollback();
                client.tx = null;
                rolledBack.add(client.id);
                return;
            }
            tx.commit();
            client.tx = null;
            acknowledged.add(client.id);
            summary.acknowledged++;
        }

        /** A statement or commit failed: the transfer is not acknowledged, and is rolled back if it can be. */
        private void end(Client client, VersoException e) {
            Transaction tx = client.tx;
            client.tx = null;
            String state = e.sqlState();
            if (client.deleting >= 0) {
                beingDeleted.remove(client.deleting);
                if (state.equals("08007")) {
                    // Deleted or not: the transfer is checked neither way.
                    acknowledged.remove(Long.valueOf(client.deleting));
                }
            }
            if (state.startsWith("40") || state.equals("55P03")) {
                summary.conflicts++;
            } else if (state.equals("08007")) {
                summary.unknown++; // commit outcome unknown: the transfer may or may not be there
            } else if (state.equals("53100")) {
                summary.diskFull++;
            } else if (!disk.dead()) {
                throw new AssertionError("seed " + seed + ": unexpected failure", e);
            }
            try {
                tx.rollback();
            } catch (VersoException ignored) {
                // Already ended by the failed commit, or the power is off.
            }
            if (!state.equals("08007")) {
                rolledBack.add(client.id); // a transfer whose statement failed must not appear
            }
        }

        /** Commit-log segment files below the highest one that are not on disk. */
        private static long commitLogSegmentsReleased(Path dir) throws IOException {
            try (Stream<Path> files = Files.list(dir)) {
                List<Integer> segments = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("commit\\.log\\.[0-9a-f]{8}"))
                    .map(n -> Integer.parseInt(n.substring(n.lastIndexOf('.') + 1), 16)).toList();
                return segments.stream().mapToInt(Integer::intValue).max().orElse(-1) + 1 - segments.size();
            }
        }

        /** Flips one bit of one byte somewhere in a file that survived; returns the file. */
        private Path flipOneByte(Path after) throws IOException {
            List<Path> files;
            try (Stream<Path> s = Files.walk(after)) {
                files = s.filter(Files::isRegularFile).filter(p -> {
                    try {
                        return Files.size(p) > 0 && !p.getFileName().toString().equals("verso.lock");
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                }).sorted().toList();
            }
            Path file = files.get(random.nextInt(files.size()));
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                long at = (long) (random.nextDouble() * raf.length());
                raf.seek(at);
                int b = raf.read();
                raf.seek(at);
                raf.write(b ^ (1 << random.nextInt(8)));
            }
            summary.flips++;
            return file;
        }

        private void check(Path after, Path flipped) {
            String context = "seed " + seed + (flipped == null ? "" : ", flipped byte in " + after.relativize(flipped));
            SimulatedDisk afterDisk = new SimulatedDisk(after);
            boolean logDamaged = flipped != null && flipped.getParent().getFileName().toString().equals("wal");
            for (int open = 0; open < 2; open++) {
                // The recovered database runs on a simulated disk too, loaded from what survived, with a small pool.
                try (Database db = Database.open(DatabaseConfig.directory(after).withChannels(afterDisk)
                    .withCacheBytes(64 * 8192))) {
                    Set<Long> expected = logDamaged ? acknowledgedPrefix(db, context) : Set.copyOf(acknowledged);
                    // A damaged log may end before a deletion's commit: the transfer is then back.
                    Set<Long> absent = new HashSet<>(rolledBack);
                    if (!logDamaged) {
                        absent.addAll(deleted);
                    }
                    BankWorkload.verify(db, expected, absent,
                        context + (open == 0 ? "" : ", reopened"));
                } catch (VersoException e) {
                    if (flipped == null || !e.sqlState().equals("XX001")) {
                        throw new AssertionError(context + ": opening failed", e);
                    }
                    String name = flipped.getFileName().toString();
                    assertTrue(e.getMessage().contains(name), context + ": the error names the damaged file: "
                        + e.getMessage());
                    summary.detected++;
                    return;
                }
            }
        }

        /**
         * With the log damaged, replay stops at the damaged record: the acknowledged transfers that survive must be
         * the first ones acknowledged (one thread acknowledges in commit order). Returns them.
         */
        private Set<Long> acknowledgedPrefix(Database db, String context) {
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            Set<Long> present = BankWorkload.transfers(db.table("TRANSFERS"), tx);
            tx.commit();
            int kept = 0;
            while (kept < acknowledged.size() && present.contains(acknowledged.get(kept))) {
                kept++;
            }
            for (int i = kept; i < acknowledged.size(); i++) {
                assertFalse(present.contains(acknowledged.get(i)), context + ": transfer " + acknowledged.get(i)
                    + " survived although an earlier acknowledged one was lost");
            }
            return Set.copyOf(acknowledged.subList(0, kept));
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
