package org.verso.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/** The engine's transaction meters count what the transactions did. */
class EngineMetersTest {
    @Test
    void transactionMetersCountCommitsAndAbortsByCause() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (Database db = Database.open(DatabaseConfig.inMemory("tx-meters").withMeterRegistry(registry))) {
            db.createTable(new TableDefinition(0, "T", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false)), new int[] {0}, TableLayout.SIAS));
            for (int i = 0; i < 5; i++) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                db.table("T").insert(tx, new Object[] {i});
                tx.commit();
            }
            for (int i = 0; i < 3; i++) {
                db.begin(IsolationLevel.SNAPSHOT).rollback();
            }
            assertEquals(5.0, registry.get("verso.transactions.commits").functionCounter().count());
            assertEquals(3.0, registry.get("verso.transactions.aborts").tag("cause", "rollback")
                .functionCounter().count());
            assertEquals(0.0, registry.get("verso.transactions.aborts").tag("cause", "deadlock").functionCounter()
                .count());
        }
    }

    /**
     * A database opened without a registry makes its own when it is first asked for one, and its meters then show
     * what happened before: the commits counted since opening, the tables' indexes; indexes created later get theirs.
     */
    @Test
    void aDatabaseWithoutARegistryMakesOneWithEveryMeterWhenAsked() {
        try (Database db = Database.open(DatabaseConfig.inMemory("lazy-meters"))) {
            db.createTable(new TableDefinition(0, "T", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false)), new int[] {0}, TableLayout.SIAS));
            for (int i = 0; i < 4; i++) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                db.table("T").insert(tx, new Object[] {i});
                tx.commit();
            }
            MeterRegistry registry = db.meterRegistry();
            assertSame(registry, db.meterRegistry(), "one registry per database");
            assertEquals(4.0, registry.get("verso.transactions.commits").functionCounter().count());
            assertEquals(4.0, registry.get("verso.index.entries").tag("index", "T_PKEY").gauge().value());
            assertNotNull(registry.find("verso.io.pages.written").tag("kind", "heap").gauge());
            assertNotNull(registry.find("verso.buffer.hit.ratio").gauge());
            db.createTable(new TableDefinition(0, "U", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false)), new int[] {0}, TableLayout.SIAS));
            assertEquals(0.0, registry.get("verso.index.entries").tag("index", "U_PKEY").gauge().value());
        }
    }
}
