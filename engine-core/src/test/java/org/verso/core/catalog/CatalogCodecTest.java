package org.verso.core.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

class CatalogCodecTest {
    private static TableDefinition orders() {
        return new TableDefinition(7, "ORDERS", List.of(
            new ColumnDefinition("W_ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("O_ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("C_ID", DataType.of(ValueType.INTEGER), true)),
            TableLayout.SIAS, List.of(
                new IndexDefinition(8, "ORDERS_PKEY", new int[] {0, 1}, null, true, IndexKind.MVIDX,
                    IndexOrigin.PRIMARY_KEY),
                new IndexDefinition(9, "IDX_ORDER", new int[] {0, 2, 1}, new boolean[] {false, false, true}, false,
                    IndexKind.BTREE, IndexOrigin.CREATE_INDEX)));
    }

    private static CatalogCodec.Contents contents(List<TableDefinition> tables) {
        return new CatalogCodec.Contents(10, 3, List.of(), tables, List.of(), List.of());
    }

    /** A table with every kind of column clause and constraint the format stores. */
    private static TableDefinition lines() {
        return new TableDefinition(11, "APP.LINES", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.BIGINT), false, null, new Identity(true, "APP.LINES_ID_SEQ"),
                null),
            new ColumnDefinition("W_ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("O_ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("QTY", DataType.decimal(6, 2), false, "1.00", null, null),
            new ColumnDefinition("SEEN", DataType.of(ValueType.TIMESTAMP), true, "CURRENT_TIMESTAMP", null, null),
            new ColumnDefinition("NOTE", DataType.varchar(10), true, "'n/a'", null, "later")),
            TableLayout.SIAS,
            List.of(IndexDefinition.of("LINES_PKEY", new int[] {0}, true, IndexKind.MVIDX, IndexOrigin.PRIMARY_KEY)
                .withId(12)),
            List.of(new CheckConstraint("LINES_QTY_CHECK", "\"QTY\" > 0")),
            List.of(new ForeignKey("LINES_O_FKEY", new int[] {1, 2}, "ORDERS", new int[] {0, 1},
                ForeignKeyAction.CASCADE)));
    }

    @Test
    void everyKindOfObjectSurvivesEncoding() {
        ViewDefinition view = new ViewDefinition("OPEN_ORDERS", "SELECT \"W_ID\" FROM \"PUBLIC\".\"ORDERS\"",
            List.of(new ColumnDefinition("W_ID", DataType.of(ValueType.INTEGER), false)), List.of("ORDERS"));
        SequenceDefinition owned = new SequenceDefinition(13, "APP.LINES_ID_SEQ", 1, 1, "APP.LINES");
        SequenceDefinition free = new SequenceDefinition(14, "TICKETS", 100, -5, null);
        SequenceDefinition bounded = new SequenceDefinition(15, "ROUND", 2, 1, 1, 3, true, null);
        CatalogCodec.Contents contents = new CatalogCodec.Contents(16, 4, List.of("APP"),
            List.of(orders(), lines()), List.of(view), List.of(owned, free, bounded));
        CatalogCodec.Contents decoded = CatalogCodec.decode(CatalogCodec.encode(contents), "catalog.bin");
        assertEquals(contents, decoded);
        assertEquals("later", decoded.tables().get(1).column(5).addedValue());
        assertEquals(new Identity(true, "APP.LINES_ID_SEQ"), decoded.tables().get(1).column(0).identity());
    }

    /** A catalog of format 4, before sequences had bounds: its sequences read as spanning the BIGINT range. */
    @Test
    void aFormat4CatalogsSequencesSpanTheWholeRange() {
        SequenceDefinition sequence = new SequenceDefinition(2, "TICKETS", 100, -5, null);
        byte[] current = CatalogCodec.encode(new CatalogCodec.Contents(3, 1, List.of(), List.of(), List.of(),
            List.of(sequence)));
        // Format 5 adds a long, a long and a boolean after the last sequence, just before the CRC.
        ByteBuffer old = ByteBuffer.allocate(current.length - 17);
        old.put(current, 0, current.length - 4 - 17);
        old.putInt(4, 4);
        CRC32C crc = new CRC32C();
        crc.update(old.array(), 0, old.position());
        old.putInt((int) crc.getValue());
        CatalogCodec.Contents decoded = CatalogCodec.decode(old.array(), "catalog.bin");
        assertEquals(List.of(sequence), decoded.sequences());
        assertEquals(Long.MIN_VALUE, decoded.sequences().get(0).minValue());
        assertFalse(decoded.sequences().get(0).cycle());
    }

    @Test
    void tablesAndIndexesSurviveEncoding() {
        CatalogCodec.Contents contents = contents(List.of(orders()));
        CatalogCodec.Contents decoded = CatalogCodec.decode(CatalogCodec.encode(contents), "catalog.bin");
        assertEquals(10, decoded.nextObjectId());
        assertEquals(3, decoded.version());
        assertEquals(List.of(orders()), decoded.tables());
        assertEquals(2, decoded.tables().get(0).primaryKey().length);
    }

    @Test
    void droppedColumnsSurviveEncodingWithTheirPlaces() {
        TableDefinition table = lines().withoutColumn(4).withoutColumn(1); // SEEN, then W_ID (and the key over it)
        assertEquals(List.of(new DroppedColumn(1, DataType.of(ValueType.INTEGER)),
            new DroppedColumn(4, DataType.of(ValueType.TIMESTAMP))), table.droppedColumns());
        assertEquals(List.of(), table.foreignKeys(), "the foreign key over W_ID went with it");
        assertEquals(List.of("ID", "O_ID", "QTY", "NOTE"), table.columns().stream().map(c -> c.name()).toList());
        CatalogCodec.Contents decoded = CatalogCodec.decode(CatalogCodec.encode(contents(List.of(table))),
            "catalog.bin");
        TableDefinition read = decoded.tables().get(0);
        assertEquals(table, read);
        assertEquals(6, read.storedTypes().size());
        assertEquals(DataType.of(ValueType.TIMESTAMP), read.storedTypes().get(4));
        assertArrayEquals(new boolean[] {false, true, false, false, true, false}, read.droppedPlaces());
        assertArrayEquals(new Object[] {null, null, null, null, null, "later"}, read.storedAddedValues());
    }

    @Test
    void aFlippedByteIsDetected() {
        byte[] bytes = CatalogCodec.encode(contents(List.of(orders())));
        bytes[bytes.length / 2] ^= 0x10;
        VersoException e = assertThrows(VersoException.class, () -> CatalogCodec.decode(bytes, "catalog.bin"));
        assertEquals("XX001", e.sqlState());
    }

    @Test
    void anIndexNeedsDistinctColumnsOfTheTable() {
        TableDefinition table = orders();
        VersoException twice = assertThrows(VersoException.class, () -> table.validate(
            IndexDefinition.of("I", new int[] {1, 1}, false, IndexKind.MVIDX, IndexOrigin.CREATE_INDEX)));
        assertEquals("42P16", twice.sqlState());
        VersoException outside = assertThrows(VersoException.class, () -> table.validate(
            IndexDefinition.of("I", new int[] {3}, false, IndexKind.MVIDX, IndexOrigin.CREATE_INDEX)));
        assertEquals("42P16", outside.sqlState());
    }
}
