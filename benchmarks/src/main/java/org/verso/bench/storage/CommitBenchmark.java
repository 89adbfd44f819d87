package org.verso.bench.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;
import org.verso.common.VersoException;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.storage.io.IoCounters;
import org.verso.storage.io.PageKind;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.storage.wal.Durability;

/**
 * Commit throughput at {@code sync} durability (the default: a commit returns once its COMMIT record is forced)
 * with 1, 4 and 16 committing threads, against the raw cost of one fdatasync measured in the same run.
 *
 * <p>Why: at {@code sync} a single committer can never beat one write + fdatasync per commit, so
 * {@code fdatasync} is the floor a single-thread commit is measured against; many committers can beat it only by
 * sharing forces, which is what the write-ahead log's group commit is for. The goals are a single-thread commit
 * costing at most 1.5x the raw fdatasync, and 16 threads committing at least 8x the single-thread rate.
 *
 * <ul>
 *   <li>{@code fdatasync} (baseline, 1 thread): write 64 bytes after the previous ones and {@code force(false)}.
 *       {@code file=preallocated} overwrites a file written and forced beforehand (a recycled WAL segment);
 *       {@code file=append} extends an empty file, so every force also commits the file-size change (a fresh
 *       segment).</li>
 *   <li>{@code commitNThreads}: a Verso transaction per operation on a {@link Database} in a scratch directory:
 *       begin, {@link Table#update} of one row of a two-column table with a primary key, commit. Each thread
 *       updates only its own 1024 rows, in turn, so no two threads write the same row. {@code wal=fresh} runs on
 *       a new database, whose first log segment grows with every commit (like {@code file=append});
 *       {@code wal=recycled} first brings the log to its steady state, where commits overwrite a recycled
 *       segment (like {@code file=preallocated}).</li>
 * </ul>
 *
 * <p>At the end of each measured iteration the engine's own counters are printed: commits, WAL fsyncs
 * ({@code db.io().total(PageKind.WAL).fsyncs()}), commits per fsync, WAL bytes per commit, and the JVM's CPU time
 * per commit and in cores busy (all threads, JMH's included), which shows when commits are CPU-bound.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class CommitBenchmark {
    static final int ROWS_PER_THREAD = 1024;
    static final int RECORD_BYTES = 64;

    @Benchmark
    @Threads(1)
    public void fdatasync(RawLog log) throws IOException {
        log.writeAndForce();
    }

    @Benchmark
    @Threads(1)
    public void commit1Thread(VersoDb db, Committer committer) {
        committer.commitOne(db);
    }

    @Benchmark
    @Threads(4)
    public void commit4Threads(VersoDb db, Committer committer) {
        committer.commitOne(db);
    }

    @Benchmark
    @Threads(16)
    public void commit16Threads(VersoDb db, Committer committer) {
        committer.commitOne(db);
    }

    /** The baseline: one small write and one fdatasync per operation. */
    @State(Scope.Thread)
    public static class RawLog {
        static final long FILE_BYTES = 64L << 20;

        @Param({"preallocated", "append"})
        public String file;

        private final ByteBuffer record = ByteBuffer.allocateDirect(RECORD_BYTES);
        private Path dir;
        private FileChannel channel;
        private long position;
        private long ops;
        private long cpuAtIterationStart;

        @Setup(Level.Trial)
        public void open() throws IOException {
            dir = Scratch.create("fdatasync");
            channel = FileChannel.open(dir.resolve("log.dat"), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
            SequentialAppendBenchmark.fill(record, 0);
            if (file.equals("preallocated")) {
                ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20);
                SequentialAppendBenchmark.fill(chunk, 0);
                for (long at = 0; at < FILE_BYTES; at += chunk.capacity()) {
                    chunk.clear();
                    while (chunk.hasRemaining()) {
                        channel.write(chunk, at + chunk.position());
                    }
                }
                channel.force(true);
            }
        }

        @Setup(Level.Iteration)
        public void rewind() throws IOException {
            if (file.equals("append")) {
                channel.truncate(0);
                channel.force(true);
            }
            position = 0;
        }

        @Setup(Level.Iteration)
        public void markIteration() {
            ops = 0;
            cpuAtIterationStart = ProcessCpu.nanos();
        }

        @TearDown(Level.Iteration)
        public void reportIteration(IterationParams iteration) {
            System.out.printf("[fdatasync] %s: ops=%d processCpuPerOp=%.1fus%n", iteration.getType(), ops,
                (ProcessCpu.nanos() - cpuAtIterationStart) / 1000.0 / Math.max(1, ops));
        }

        void writeAndForce() throws IOException {
            if (position + RECORD_BYTES > FILE_BYTES) {
                rewind();
            }
            record.clear();
            long at = position;
            while (record.hasRemaining()) {
                at += channel.write(record, at);
            }
            channel.force(false);
            position = at;
            ops++;
        }

        @TearDown(Level.Trial)
        public void close() throws IOException {
            channel.close();
            Scratch.delete(dir);
        }
    }

    /**
     * A database with table {@code BENCH(ID INTEGER PRIMARY KEY, V BIGINT NOT NULL)} holding 1024 rows per thread,
     * opened fresh for each benchmark, and the commit and fsync counts of the measured iterations.
     */
    @State(Scope.Benchmark)
    public static class VersoDb {
        /**
         * {@code fresh}: the first log segment of a new database, a file that grows with every commit;
         * {@code recycled}: the steady state, where commits overwrite a recycled segment ({@link RecycledWal}).
         */
        @Param({"fresh", "recycled"})
        public String wal;

        /** Commit durability; {@code sync} is the default and the subject here, {@code async} is for diagnosis. */
        @Param({"sync"})
        public String durability;

        final LongAdder commits = new LongAdder();
        final LongAdder conflicts = new LongAdder();
        volatile String firstConflict;
        private Path dir;
        Database db;
        Table table;
        long[] rowIds;
        private IoCounters walAtIterationStart;
        private long commitsAtIterationStart;
        private long conflictsAtIterationStart;
        private long cpuAtIterationStart;
        private long wallAtIterationStart;
        private long measuredCommits;
        private long measuredFsyncs;

        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            dir = Scratch.create("commit");
            db = Database.open(DatabaseConfig.directory(dir).withDurability(Durability.parse(durability)));
            db.createTable(new TableDefinition(0, "BENCH", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false)),
                new int[] {0}, TableLayout.SIAS));
            table = db.table("BENCH");
            rowIds = new long[params.getThreads() * ROWS_PER_THREAD];
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            for (int id = 0; id < rowIds.length; id++) {
                rowIds[id] = table.insert(tx, new Object[] {id, 0L});
            }
            tx.commit();
            if (wal.equals("recycled")) {
                RecycledWal.prepare(db);
            }
            System.out.println("[commit] wal=" + wal + ", log files: " + RecycledWal.describe(dir));
        }

        @Setup(Level.Iteration)
        public void markIteration() {
            walAtIterationStart = db.io().total(PageKind.WAL);
            commitsAtIterationStart = commits.sum();
            conflictsAtIterationStart = conflicts.sum();
            cpuAtIterationStart = ProcessCpu.nanos();
            wallAtIterationStart = System.nanoTime();
        }

        @TearDown(Level.Iteration)
        public void reportIteration(IterationParams iteration) {
            IoCounters wal = db.io().total(PageKind.WAL);
            long n = commits.sum() - commitsAtIterationStart;
            long fsyncs = wal.fsyncs() - walAtIterationStart.fsyncs();
            long bytes = wal.bytesWritten() - walAtIterationStart.bytesWritten();
            long cpu = ProcessCpu.nanos() - cpuAtIterationStart;
            long wall = System.nanoTime() - wallAtIterationStart;
            if (iteration.getType() == IterationType.MEASUREMENT) {
                measuredCommits += n;
                measuredFsyncs += fsyncs;
            }
            long conflictsNow = conflicts.sum() - conflictsAtIterationStart;
            System.out.printf("[commit] %s: commits=%d walFsyncs=%d commitsPerFsync=%.2f walBytesPerCommit=%.1f"
                    + " conflicts=%d processCpuPerCommit=%.1fus cpusBusy=%.2f of %d%n", iteration.getType(), n,
                fsyncs, ratio(n, fsyncs), ratio(bytes, n), conflictsNow, ratio(cpu, n) / 1000.0, ratio(cpu, wall),
                Runtime.getRuntime().availableProcessors());
        }

        @TearDown(Level.Trial)
        public void close() {
            System.out.printf("[commit] measured iterations: commits=%d walFsyncs=%d commitsPerFsync=%.2f;"
                    + " all files: %s%n", measuredCommits, measuredFsyncs, ratio(measuredCommits, measuredFsyncs),
                db.io().total());
            System.out.println("[commit] log files at the end: " + RecycledWal.describe(dir));
            if (firstConflict != null) {
                System.out.println("[commit] first conflict: " + firstConflict);
            }
            db.close();
            Scratch.delete(dir);
        }

        private static double ratio(long a, long b) {
            return b == 0 ? Double.NaN : (double) a / b;
        }
    }

    /** One committing thread and the rows it owns. */
    @State(Scope.Thread)
    public static class Committer {
        private int firstRow;
        private int turn;
        private long value;

        @Setup(Level.Trial)
        public void claimRows(ThreadParams thread) {
            firstRow = thread.getThreadIndex() * ROWS_PER_THREAD;
        }

        /**
         * Commits one update of the thread's next row. A 40001 here can only be the thread meeting its own
         * earlier commit, which is durable but not yet visible to new snapshots while an older commit is still in
         * flight; the transaction is then retried, so every operation is one successful commit.
         */
        void commitOne(VersoDb db) {
            int id = firstRow + turn;
            turn = (turn + 1) % ROWS_PER_THREAD;
            value++;
            while (true) {
                Transaction tx = db.db.begin(IsolationLevel.SNAPSHOT);
                try {
                    db.table.update(tx, db.rowIds[id], new Object[] {id, value});
                    tx.commit();
                    db.commits.increment();
                    return;
                } catch (VersoException e) {
                    if (!e.sqlState().equals("40001")) {
                        throw e;
                    }
                    tx.rollback();
                    db.conflicts.increment();
                    if (db.firstConflict == null) {
                        db.firstConflict = e.getMessage();
                    }
                    Thread.yield();
                }
            }
        }
    }
}
