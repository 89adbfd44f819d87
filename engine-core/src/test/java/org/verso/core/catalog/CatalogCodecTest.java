package org.verso.core.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
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

    @Test
    void tablesAndIndexesSurviveEncoding() {
        CatalogCodec.Contents contents = new CatalogCodec.Contents(10, 3, List.of(orders()));
        CatalogCodec.Contents decoded = CatalogCodec.decode(CatalogCodec.encode(contents), "catalog.bin");
        assertEquals(10, decoded.nextObjectId());
        assertEquals(3, decoded.version());
        assertEquals(List.of(orders()), decoded.tables());
        assertEquals(2, decoded.tables().get(0).primaryKey().length);
    }

    @Test
    void aFlippedByteIsDetected() {
        byte[] bytes = CatalogCodec.encode(new CatalogCodec.Contents(10, 3, List.of(orders())));
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
