package org.verso.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verso.common.RowCursor;
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

/** Per-index Micrometer meters follow the table's own counters, appear with an index and go with it. */
class IndexMetersTest {
    @Test
    void indexMetersFollowTheIndexCounters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (Database db = Database.open(DatabaseConfig.inMemory("index-meters").withMeterRegistry(registry))) {
            db.createTable(new TableDefinition(0, "T", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false)), new int[] {0}, TableLayout.SIAS));
            db.createIndex("T", IndexDefinition.of("T_V", new int[] {1}, false, IndexKind.BTREE,
                IndexOrigin.CREATE_INDEX));
            Table t = db.table("T");
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < 10; i++) {
                t.insert(tx, new Object[] {i, 7L});
            }
            tx.commit();
            Transaction old = db.begin(IsolationLevel.SNAPSHOT);
            old.snapshot();
            tx = db.begin(IsolationLevel.SNAPSHOT);
            try (RowCursor row = t.lookup(tx, new Object[] {3})) {
                assertTrue(row.next());
                t.update(tx, row.rowId(), new Object[] {3, 7L});
            }
            tx.commit();
            Transaction reader = db.begin(IsolationLevel.SNAPSHOT);
            int found = 0;
            try (RowCursor rows = t.lookup(reader, "T_V", new Object[] {7L})) {
                while (rows.next()) {
                    found++;
                }
            }
            assertEquals(10, found);
            double fetched = counter(registry, "verso.index.tuples.fetched", "T_V").count();
            assertEquals(t.indexReads().get("T_V").tuplesFetched(), (long) fetched);
            assertEquals(11, (long) fetched, "the version-oblivious index fetched both versions of row 3");
            assertEquals(1, (long) counter(registry, "verso.index.fetched.not.returned", "T_V").count());
            assertEquals(11, (long) registry.get("verso.index.entries").tag("index", "T_V").gauge().value());
            assertEquals("btree", registry.get("verso.index.entries").tag("index", "T_V").gauge().getId()
                .getTag("kind"));
            assertTrue(counter(registry, "verso.index.scans", "T_PKEY").count() >= 1);
            old.commit();
            reader.commit();
            db.dropIndex("T_V");
            assertNull(registry.find("verso.index.tuples.fetched").tag("index", "T_V").functionCounter(),
                "the meters of a dropped index are removed");
        }
    }

    private static FunctionCounter counter(SimpleMeterRegistry registry, String name, String index) {
        return registry.get(name).tag("index", index).functionCounter();
    }
}
