package org.verso.bench.storage;

import java.nio.file.Path;
import java.util.List;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * How long opening a database takes, by its size and by how it was left. {@code load DIR ROWS clean|crash} creates
 * a table T (ID INT primary key, V BIGINT indexed, S VARCHAR(40)) with ROWS rows, committed in transactions of
 * 10,000, then closes the database or halts the JVM without closing (as kill -9 would). {@code open DIR} prints the
 * milliseconds {@code Database.open} takes and checks that a lookup through the secondary index works.
 *
 * <pre>
 * java -cp benchmarks/target/verso-benchmarks.jar org.verso.bench.storage.OpenTime load /tmp/db 1000000 clean
 * java -cp benchmarks/target/verso-benchmarks.jar org.verso.bench.storage.OpenTime open /tmp/db
 * </pre>
 */
public final class OpenTime {
    private OpenTime() {
    }

    public static void main(String[] args) {
        Path dir = Path.of(args[1]);
        if (args[0].equals("load")) {
            load(dir, Integer.parseInt(args[2]), args[3].equals("crash"));
        } else {
            open(dir);
        }
    }

    private static void load(Path dir, int rows, boolean crash) {
        Database db = Database.open(DatabaseConfig.directory(dir));
        db.createTable(new TableDefinition(0, "T", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false),
            new ColumnDefinition("S", DataType.varchar(40), true)), new int[] {0}, TableLayout.SIAS));
        db.createIndex("T", IndexDefinition.of("T_V", new int[] {1}, false, IndexKind.MVIDX,
            IndexOrigin.CREATE_INDEX));
        Table t = db.table("T");
        for (int from = 0; from < rows; from += 10_000) {
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = from; i < Math.min(rows, from + 10_000); i++) {
                t.insert(tx, new Object[] {i, (long) i * 7, "row " + i});
            }
            tx.commit();
        }
        if (crash) {
            Runtime.getRuntime().halt(0);
        }
        db.close();
    }

    private static void open(Path dir) {
        long start = System.nanoTime();
        Database db = Database.open(DatabaseConfig.directory(dir));
        long millis = (System.nanoTime() - start) / 1_000_000;
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        boolean found;
        try (var rows = db.table("T").lookup(tx, "T_V", new Object[] {7L * 12_345})) {
            found = rows.next();
        }
        tx.commit();
        db.close();
        System.out.println("open " + dir + ": " + millis + " ms" + (found ? "" : " (lookup failed)"));
    }
}
