package org.verso.bench.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.verso.core.Database;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.storage.io.PageKind;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * Brings a fresh database's write-ahead log into its steady state, where commits overwrite a recycled segment
 * instead of extending a new file. It logs a little over two segments of filler rows, checkpoints (which turns
 * those two segments into spares), then logs filler until the log has moved into the next segment, which is made
 * from a spare. The filler table is dropped afterwards. The two spares cover the next two segments (32 MiB with
 * the default segment size) of commits.
 */
final class RecycledWal {
    private static final int PAD = 4000;
    private static final int ROWS_PER_TX = 256;

    private RecycledWal() {
    }

    static void prepare(Database db) {
        long segment = db.config().storageOptions().walSegmentBytes();
        db.createTable(new TableDefinition(0, "FILLER", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("PAD", DataType.varchar(PAD), false)),
            new int[] {0}, TableLayout.SIAS));
        Table filler = db.table("FILLER");
        String pad = "x".repeat(PAD);
        int next = fillUntil(db, filler, pad, 0, 2 * segment + (1 << 20));
        db.checkpoint();
        fillUntil(db, filler, pad, next, 3 * segment);
        db.dropTable("FILLER");
    }

    /** Inserts filler rows until the log's stream position (bytes written so far) reaches {@code position}. */
    private static int fillUntil(Database db, Table filler, String pad, int nextId, long position) {
        int id = nextId;
        while (db.io().total(PageKind.WAL).bytesWritten() < position) {
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < ROWS_PER_TX; i++) {
                filler.insert(tx, new Object[] {id++, pad});
            }
            tx.commit();
        }
        return id;
    }

    /** The log directory's files and sizes, for the run's output. */
    static String describe(Path databaseDir) {
        try (Stream<Path> files = Files.list(databaseDir.resolve("wal"))) {
            return files.sorted().map(p -> p.getFileName() + "=" + size(p)).collect(Collectors.joining(" "));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
