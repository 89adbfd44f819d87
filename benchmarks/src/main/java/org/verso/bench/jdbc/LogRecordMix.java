package org.verso.bench.jdbc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Map;
import java.util.TreeMap;
import org.verso.bench.storage.Scratch;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.IoCounters;
import org.verso.storage.wal.LogReader;
import org.verso.storage.wal.LogRecord;
import org.verso.storage.wal.RecordType;
import org.verso.storage.wal.WriteAheadLog;

/**
 * What a bulk load writes to the write-ahead log, by record type: loads {@code rows} rows into a new file database
 * exactly as {@link BulkLoadBenchmark}'s {@code load} does (JDBC batches of 1,000 in one transaction), then reads the
 * log back from its start and prints, per record type, the records, their bytes (headers included) and the bytes
 * per row loaded. Keep {@code rows} small enough (a few hundred thousand) that no checkpoint recycles the log's first
 * segment, or the early records are not counted.
 *
 * <pre>
 * java -cp benchmarks/target/verso-benchmarks.jar org.verso.bench.jdbc.LogRecordMix 100000
 * </pre>
 */
public final class LogRecordMix {
    private LogRecordMix() {
    }

    public static void main(String[] args) throws Exception {
        int rows = Integer.parseInt(args[0]);
        Path dir = Scratch.create("log-mix");
        try {
            Path db = dir.resolve("db");
            Map<Byte, long[]> byType = new TreeMap<>();
            // Read while the database is open: closing checkpoints, and a checkpoint may recycle the log read here.
            try (Connection c = DriverManager.getConnection("jdbc:verso:" + db)) {
                BulkLoadBenchmark.fill(c, rows, false);
                try (LogReader reader = WriteAheadLog.reader(db.resolve("wal"), WriteAheadLog.DEFAULT_SEGMENT_BYTES,
                    ChannelFactory.FILES, new IoCounters())) {
                    reader.read(0, (type, payload, end) -> {
                        long[] counts = byType.computeIfAbsent(type, t -> new long[2]);
                        counts[0]++;
                        counts[1] += LogRecord.HEADER + payload.remaining();
                    });
                }
            }
            long total = 0;
            for (Map.Entry<Byte, long[]> e : byType.entrySet()) {
                long[] counts = e.getValue();
                total += counts[1];
                System.out.printf("%-22s %9d records %12d bytes %8.1f bytes/row%n", RecordType.nameOf(e.getKey()),
                    counts[0], counts[1], counts[1] / (double) rows);
            }
            System.out.printf("%-22s %9s %20d bytes %8.1f bytes/row%n", "all", "", total, total / (double) rows);
        } finally {
            Scratch.delete(dir);
        }
    }
}
