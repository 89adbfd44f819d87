package org.verso.core.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.verso.common.VersoException;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.common.RowCursor;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * The child process of the crash test: concurrent bank transfers until it is killed. Each transfer moves money
 * between two accounts and inserts a TRANSFERS row with a unique id; after commit returns, the client appends
 * {@code C id} to its acknowledgement file; after an explicit rollback, {@code R id}. One time in eight a client
 * deletes one of its acknowledged transfers instead, appending {@code d id} before and {@code D id} after the
 * commit. The parent kills this process at a random moment and checks the database against those files.
 *
 * <p>Usage: {@code BankWorkload DIR SEED CYCLE}
 */
public final class BankWorkload {
    public static final int ACCOUNTS = 20;
    static final long INITIAL_BALANCE = 1000;
    static final int CLIENTS = 4;

    private BankWorkload() {
    }

    static TableDefinition accounts() {
        return new TableDefinition(0, "ACCOUNTS", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("BALANCE", DataType.of(ValueType.BIGINT), false)), new int[] {0}, TableLayout.SIAS);
    }

    static TableDefinition transfers() {
        return new TableDefinition(0, "TRANSFERS", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.BIGINT), false),
            new ColumnDefinition("SRC", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("DST", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("AMOUNT", DataType.of(ValueType.BIGINT), false),
            new ColumnDefinition("NOTE", DataType.varchar(200), true)), new int[] {0}, TableLayout.SIAS);
    }

    /**
     * Options that make checkpoints, log recycling and space reclamation (4-page heap segments, merged and given
     * back; 2-page commit-log segments, given back) happen often, so crashes hit them; O_DIRECT where the file system
     * allows it, so that scans read ahead over pages a crash tore.
     */
    static DatabaseConfig config(Path dir) {
        return DatabaseConfig.directory(dir).withCheckpointBytes(256 * 1024).withWalSegmentBytes(1 << 20)
            .withCacheBytes(256 * 8192).withHeapSegmentBytes(4 * 8192).withCommitLogSegmentPages(2)
            .withDirectIo(true);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        long seed = Long.parseLong(args[1]);
        int cycle = Integer.parseInt(args[2]);
        Database db = Database.open(config(dir));
        if (db.catalog().table("ACCOUNTS").isEmpty()) {
            initialise(db);
            try (OutputStream ready = new FileOutputStream(dir.resolve("initialised").toFile())) {
                ready.write(1);
            }
        }
        Thread[] clients = new Thread[CLIENTS];
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            clients[c] = new Thread(() -> runClient(db, dir, new Random(seed * 31 + client), cycle, client));
            clients[c].start();
        }
        for (Thread t : clients) {
            t.join();
        }
    }

    private static void runClient(Database db, Path dir, Random random, int cycle, int client) {
        Path ackFile = dir.resolve("acks-" + cycle + "-" + client + ".txt");
        List<Long> mine = new ArrayList<>();
        try (OutputStream acks = new FileOutputStream(ackFile.toFile(), true)) {
            for (long n = 0; ; n++) {
                if (!mine.isEmpty() && random.nextInt(8) == 0) {
                    // Deletes one of its own acknowledged transfers, so that row ids are freed and reused: "d" before
                    // the commit (from then on the transfer may be gone), "D" once it returned (it must be gone).
                    long victim = mine.remove(random.nextInt(mine.size()));
                    ack(acks, "d", victim);
                    if (deleteTransfer(db, victim) == Outcome.COMMITTED) {
                        ack(acks, "D", victim);
                    }
                    continue;
                }
                long id = ((long) cycle << 40) | ((long) client << 32) | n;
                Outcome outcome = transfer(db, random, id);
                if (outcome != Outcome.CONFLICT) {
                    ack(acks, outcome == Outcome.COMMITTED ? "C" : "R", id);
                }
                if (outcome == Outcome.COMMITTED) {
                    mine.add(id);
                }
            }
        } catch (IOException | RuntimeException e) {
            // The process exits, so the parent sees that the workload failed instead of a client quietly stopping.
            e.printStackTrace();
            Runtime.getRuntime().halt(3);
        }
    }

    private static void ack(OutputStream acks, String kind, long id) throws IOException {
        acks.write((kind + " " + id + "\n").getBytes(StandardCharsets.US_ASCII));
        acks.flush();
    }

    /** Deletes transfer {@code id}, which the caller acknowledged, so its transaction must find it. */
    public static Outcome deleteTransfer(Database db, long id) {
        Table transfers = db.table("TRANSFERS");
        return inTransaction(db, tx -> {
            try (RowCursor row = transfers.lookup(tx, new Object[] {id})) {
                if (!row.next() || !transfers.delete(tx, row.rowId())) {
                    throw new IllegalStateException("acknowledged transfer " + id + " not found");
                }
            }
            return true;
        });
    }

    /** Runs {@code work} in a transaction, committed if it returns true; a write conflict (40xxx) rolls it back. */
    private static Outcome inTransaction(Database db, java.util.function.Predicate<Transaction> work) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        try {
            if (!work.test(tx)) {
                tx.rollback();
                return Outcome.ROLLED_BACK;
            }
            tx.commit();
            return Outcome.COMMITTED;
        } catch (VersoException e) {
            tx.rollback();
            if (!e.sqlState().startsWith("40")) {
                throw e;
            }
            return Outcome.CONFLICT;
        }
    }

    /** How a transfer ended. */
    public enum Outcome { COMMITTED, ROLLED_BACK, CONFLICT }

    /**
     * Creates the two tables, an index of each kind (a version-oblivious one on the balances, which every transfer
     * changes, and an MV-IDX one on the transfers' source account), and the accounts.
     */
    public static void initialise(Database db) {
        db.createTable(transfers());
        db.createTable(accounts());
        db.createIndex("ACCOUNTS", IndexDefinition.of("ACCOUNTS_BALANCE", new int[] {1}, false, IndexKind.BTREE,
            IndexOrigin.CREATE_INDEX));
        db.createIndex("TRANSFERS", IndexDefinition.of("TRANSFERS_SRC", new int[] {1}, false, IndexKind.MVIDX,
            IndexOrigin.CREATE_INDEX));
        insertAccounts(db);
    }

    private static void insertAccounts(Database db) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        for (int i = 0; i < ACCOUNTS; i++) {
            db.table("ACCOUNTS").insert(tx, new Object[] {i, INITIAL_BALANCE});
        }
        tx.commit();
    }

    /** One transfer with id {@code id}; one in ten is rolled back on purpose. Write conflicts are rolled back. */
    public static Outcome transfer(Database db, Random random, long id) {
        Table accounts = db.table("ACCOUNTS");
        Table transfers = db.table("TRANSFERS");
        int from = random.nextInt(ACCOUNTS);
        int to = random.nextInt(ACCOUNTS);
        long amount = 1 + random.nextInt(50);
        boolean rollback = random.nextInt(10) == 0;
        String note = "x".repeat(random.nextInt(200));
        return inTransaction(db, tx -> {
            move(accounts, tx, from, -amount);
            move(accounts, tx, to, amount);
            transfers.insert(tx, new Object[] {id, from, to, amount, note});
            return !rollback;
        });
    }

    /**
     * Checks a recovered database: all accounts present with the initial total, every acknowledged transfer
     * present (by scan and by key), none of the {@code absent} ones present (rolled back, or their deletion
     * acknowledged), and both secondary indexes finding exactly the rows a scan finds.
     */
    public static void verify(Database db, Set<Long> acknowledged, Set<Long> absent, String context) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        long total = 0;
        int count = 0;
        RowCursor rows = db.table("ACCOUNTS").scan(tx);
        while (rows.next()) {
            long balance = (Long) rows.row()[1];
            total += balance;
            count++;
            boolean found = false;
            try (RowCursor byBalance = db.table("ACCOUNTS").lookup(tx, "ACCOUNTS_BALANCE",
                new Object[] {balance})) {
                while (byBalance.next()) {
                    found |= byBalance.row()[0].equals(rows.row()[0]);
                }
            }
            assertTrue(found, context + ": the balance index finds account " + rows.row()[0] + " at " + balance);
        }
        assertEquals(ACCOUNTS, count, context + ": accounts");
        assertEquals(ACCOUNTS * INITIAL_BALANCE, total, context + ": total balance");
        Set<Long> present = transfers(db.table("TRANSFERS"), tx);
        for (long id : acknowledged) {
            assertTrue(present.contains(id), context + ": acknowledged transfer " + id + " lost");
        }
        for (long id : absent) {
            assertFalse(present.contains(id), context + ": transfer " + id + " present, though rolled back or deleted");
        }
        for (long id : present) {
            assertTrue(db.table("TRANSFERS").lookup(tx, new Object[] {id}).next(),
                context + ": key index finds transfer " + id);
        }
        int bySource = 0;
        for (int account = 0; account < ACCOUNTS; account++) {
            try (RowCursor c = db.table("TRANSFERS").lookup(tx, "TRANSFERS_SRC", new Object[] {account})) {
                while (c.next()) {
                    assertTrue(present.contains((Long) c.row()[0]), context + ": the source index finds a transfer "
                        + c.row()[0] + " a scan does not");
                    bySource++;
                }
            }
        }
        assertEquals(present.size(), bySource, context + ": transfers the source index finds");
        try (RowCursor all = db.table("ACCOUNTS").scan(tx, "ACCOUNTS_BALANCE",
            new org.verso.core.table.IndexRange(null, true, null, true), false)) {
            int viaIndex = 0;
            while (all.next()) {
                viaIndex++;
            }
            assertEquals(ACCOUNTS, viaIndex, context + ": accounts the balance index finds");
        }
        tx.commit();
    }

    /** The ids of the TRANSFERS rows that {@code tx} sees. */
    public static Set<Long> transfers(Table transfers, Transaction tx) {
        Set<Long> present = new HashSet<>();
        try (RowCursor rows = transfers.scan(tx)) {
            while (rows.next()) {
                present.add((Long) rows.row()[0]);
            }
        }
        return present;
    }

    /** Adds {@code delta} to the balance of account {@code id}. */
    public static void move(Table accounts, Transaction tx, int id, long delta) {
        RowCursor c = accounts.lookup(tx, new Object[] {id});
        if (!c.next()) {
            throw new IllegalStateException("account " + id + " missing");
        }
        Object[] row = c.row();
        accounts.update(tx, c.rowId(), new Object[] {id, (Long) row[1] + delta});
    }
}
