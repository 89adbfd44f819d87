package org.verso.core.catalog;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * The catalog's file format ({@code catalog.bin}), all integers big-endian:
 * <pre>
 * int     magic 0x56434154 ("VCAT")
 * int     format version, 2
 * long    next object id (tables and indexes draw their ids from it)
 * long    catalog version
 * int     table count, then per table:
 *           long id, UTF name, UTF layout, int column count,
 *           per column: UTF name, UTF value type, int precision, int scale, boolean nullable
 *           int index count, then per index:
 *             long id, UTF name, UTF kind, UTF origin, boolean unique, int key column count,
 *             per key column: int column position, boolean descending
 * int     CRC32C of everything before it
 * </pre>
 */
final class CatalogCodec {
    private static final int MAGIC = 0x56434154;
    private static final int FORMAT = 2;

    private CatalogCodec() {
    }

    /** Decoded contents of a catalog file. */
    record Contents(long nextObjectId, long version, List<TableDefinition> tables) {
    }

    static byte[] encode(Contents contents) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(MAGIC);
            out.writeInt(FORMAT);
            out.writeLong(contents.nextObjectId());
            out.writeLong(contents.version());
            out.writeInt(contents.tables().size());
            for (TableDefinition t : contents.tables()) {
                out.writeLong(t.id());
                out.writeUTF(t.name());
                out.writeUTF(t.layout().name());
                out.writeInt(t.columnCount());
                for (ColumnDefinition c : t.columns()) {
                    out.writeUTF(c.name());
                    out.writeUTF(c.type().kind().name());
                    out.writeInt(c.type().precision());
                    out.writeInt(c.type().scale());
                    out.writeBoolean(c.nullable());
                }
                out.writeInt(t.indexes().size());
                for (IndexDefinition index : t.indexes()) {
                    out.writeLong(index.id());
                    out.writeUTF(index.name());
                    out.writeUTF(index.kind().name());
                    out.writeUTF(index.origin().name());
                    out.writeBoolean(index.unique());
                    out.writeInt(index.columnCount());
                    for (int k = 0; k < index.columnCount(); k++) {
                        out.writeInt(index.column(k));
                        out.writeBoolean(index.isDescending(k));
                    }
                }
            }
            out.flush();
            CRC32C crc = new CRC32C();
            crc.update(bytes.toByteArray());
            out.writeInt((int) crc.getValue());
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Contents decode(byte[] data, String file) {
        if (data.length < 4) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, file, "truncated catalog");
        }
        CRC32C crc = new CRC32C();
        crc.update(data, 0, data.length - 4);
        int stored = ((data[data.length - 4] & 0xff) << 24) | ((data[data.length - 3] & 0xff) << 16)
            | ((data[data.length - 2] & 0xff) << 8) | (data[data.length - 1] & 0xff);
        if ((int) crc.getValue() != stored) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, file, "catalog checksum mismatch");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data, 0, data.length - 4))) {
            if (in.readInt() != MAGIC || in.readInt() != FORMAT) {
                throw ErrorCode.DATA_CORRUPTED.exception(0, file, "not a Verso catalog of format " + FORMAT);
            }
            long nextId = in.readLong();
            long version = in.readLong();
            int count = in.readInt();
            List<TableDefinition> tables = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                long id = in.readLong();
                String name = in.readUTF();
                TableLayout layout = TableLayout.valueOf(in.readUTF());
                int columnCount = in.readInt();
                List<ColumnDefinition> columns = new ArrayList<>(columnCount);
                for (int c = 0; c < columnCount; c++) {
                    String column = in.readUTF();
                    ValueType kind = ValueType.valueOf(in.readUTF());
                    int precision = in.readInt();
                    int scale = in.readInt();
                    columns.add(new ColumnDefinition(column, new DataType(kind, precision, scale), in.readBoolean()));
                }
                int indexCount = in.readInt();
                List<IndexDefinition> indexes = new ArrayList<>(indexCount);
                for (int x = 0; x < indexCount; x++) {
                    long indexId = in.readLong();
                    String indexName = in.readUTF();
                    IndexKind kind = IndexKind.valueOf(in.readUTF());
                    IndexOrigin origin = IndexOrigin.valueOf(in.readUTF());
                    boolean unique = in.readBoolean();
                    int[] keyColumns = new int[in.readInt()];
                    boolean[] descending = new boolean[keyColumns.length];
                    for (int k = 0; k < keyColumns.length; k++) {
                        keyColumns[k] = in.readInt();
                        descending[k] = in.readBoolean();
                    }
                    indexes.add(new IndexDefinition(indexId, indexName, keyColumns, descending, unique, kind,
                        origin));
                }
                tables.add(new TableDefinition(id, name, columns, layout, indexes));
            }
            return new Contents(nextId, version, tables);
        } catch (IOException | IllegalArgumentException e) {
            throw ErrorCode.DATA_CORRUPTED.exception(e, 0, file, "unreadable catalog: " + e.getMessage());
        }
    }
}
