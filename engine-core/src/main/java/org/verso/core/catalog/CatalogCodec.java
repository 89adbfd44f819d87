package org.verso.core.catalog;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.storage.tuple.RowCodec;

/**
 * The catalog's file format ({@code catalog.bin}), all integers big-endian. "UTF" is a modified-UTF-8 string with a
 * two-byte length; "text" is an int length and UTF-8 bytes (SQL text may exceed 64 KiB); "text?" is a boolean
 * (present) and, if true, a text:
 * <pre>
 * int     magic 0x56434154 ("VCAT")
 * int     format version, 5 (4 is read too: it is 5 without sequence bounds; 3 is 4 without dropped columns)
 * long    next object id (tables, indexes and sequences draw their ids from it)
 * long    catalog version
 * int     schema count, then per schema created by CREATE SCHEMA: UTF name
 * int     table count, then per table:
 *           long id, UTF name (catalog key), UTF layout, int column count, per column:
 *             UTF name, UTF value type, int precision, int scale, boolean nullable,
 *             text? default expression, text? identity sequence (then boolean always),
 *             int length + bytes: the added value as a one-column row ({@link RowCodec}), length 0 for none
 *           int index count, then per index:
 *             long id, UTF name, UTF kind, UTF origin, boolean unique, int key column count,
 *             per key column: int column position, boolean descending
 *           int check count, then per check: UTF name, text condition
 *           int foreign key count, then per key: UTF name, UTF referenced table, UTF on-delete action,
 *             int column count, per column: int column position, int referenced column position
 *           int dropped column count, then per column dropped by ALTER TABLE DROP COLUMN, in place order:
 *             int stored place, UTF value type, int precision, int scale
 * int     view count, then per view: UTF name, text query,
 *           int column count, per column: UTF name, UTF value type, int precision, int scale, boolean nullable,
 *           int dependency count, per dependency: UTF name
 * int     sequence count, then per sequence: long id, UTF name, long start, long increment, text? owner table,
 *           long minimum value, long maximum value, boolean cycle
 * int     CRC32C of everything before it
 * </pre>
 * Format 2 (before defaults, constraints, views, sequences and schemas, and before rows stored their column count)
 * is refused: its rows cannot be read by this version's row codec.
 */
final class CatalogCodec {
    private static final int MAGIC = 0x56434154;
    private static final int FORMAT = 5;
    private static final int FORMAT_WITHOUT_SEQUENCE_BOUNDS = 4;
    private static final int FORMAT_WITHOUT_DROPPED_COLUMNS = 3;

    private CatalogCodec() {
    }

    /** Decoded contents of a catalog file. */
    record Contents(long nextObjectId, long version, List<String> schemas, List<TableDefinition> tables,
                    List<ViewDefinition> views, List<SequenceDefinition> sequences) {
        static Contents empty() {
            return new Contents(1, 0, List.of(), List.of(), List.of(), List.of());
        }
    }

    static byte[] encode(Contents contents) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(MAGIC);
            out.writeInt(FORMAT);
            out.writeLong(contents.nextObjectId());
            out.writeLong(contents.version());
            out.writeInt(contents.schemas().size());
            for (String schema : contents.schemas()) {
                out.writeUTF(schema);
            }
            out.writeInt(contents.tables().size());
            for (TableDefinition t : contents.tables()) {
                writeTable(out, t);
            }
            out.writeInt(contents.views().size());
            for (ViewDefinition v : contents.views()) {
                out.writeUTF(v.name());
                writeLongString(out, v.query());
                out.writeInt(v.columns().size());
                for (ColumnDefinition c : v.columns()) {
                    writeColumnType(out, c);
                }
                out.writeInt(v.dependsOn().size());
                for (String dependency : v.dependsOn()) {
                    out.writeUTF(dependency);
                }
            }
            out.writeInt(contents.sequences().size());
            for (SequenceDefinition s : contents.sequences()) {
                out.writeLong(s.id());
                out.writeUTF(s.name());
                out.writeLong(s.start());
                out.writeLong(s.increment());
                writeOptional(out, s.ownerTable());
                out.writeLong(s.minValue());
                out.writeLong(s.maxValue());
                out.writeBoolean(s.cycle());
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

    private static void writeTable(DataOutputStream out, TableDefinition t) throws IOException {
        out.writeLong(t.id());
        out.writeUTF(t.name());
        out.writeUTF(t.layout().name());
        out.writeInt(t.columnCount());
        for (ColumnDefinition c : t.columns()) {
            writeColumnType(out, c);
            writeOptional(out, c.defaultExpression());
            writeOptional(out, c.identity() == null ? null : c.identity().sequence());
            if (c.identity() != null) {
                out.writeBoolean(c.identity().always());
            }
            byte[] added = addedValue(c);
            out.writeInt(added.length);
            out.write(added);
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
        out.writeInt(t.checks().size());
        for (CheckConstraint check : t.checks()) {
            out.writeUTF(check.name());
            writeLongString(out, check.condition());
        }
        out.writeInt(t.foreignKeys().size());
        for (ForeignKey key : t.foreignKeys()) {
            out.writeUTF(key.name());
            out.writeUTF(key.referencedTable());
            out.writeUTF(key.onDelete().name());
            int[] columns = key.columns();
            int[] referenced = key.referencedColumns();
            out.writeInt(columns.length);
            for (int k = 0; k < columns.length; k++) {
                out.writeInt(columns[k]);
                out.writeInt(referenced[k]);
            }
        }
        out.writeInt(t.droppedColumns().size());
        for (DroppedColumn dropped : t.droppedColumns()) {
            out.writeInt(dropped.place());
            out.writeUTF(dropped.type().kind().name());
            out.writeInt(dropped.type().precision());
            out.writeInt(dropped.type().scale());
        }
    }

    private static void writeColumnType(DataOutputStream out, ColumnDefinition c) throws IOException {
        out.writeUTF(c.name());
        out.writeUTF(c.type().kind().name());
        out.writeInt(c.type().precision());
        out.writeInt(c.type().scale());
        out.writeBoolean(c.nullable());
    }

    /** The added value as a one-column row, or no bytes when it is NULL (the common case). */
    private static byte[] addedValue(ColumnDefinition c) {
        if (c.addedValue() == null) {
            return new byte[0];
        }
        RowCodec codec = new RowCodec(List.of(c.type()));
        Object[] row = {c.addedValue()};
        ByteBuffer buf = ByteBuffer.allocate(codec.encodedSize(row));
        codec.encode(row, buf);
        return buf.array();
    }

    private static void writeOptional(DataOutputStream out, String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            writeLongString(out, value);
        }
    }

    private static void writeLongString(DataOutputStream out, String value) throws IOException {
        byte[] utf8 = value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    private static String readLongString(DataInputStream in) throws IOException {
        byte[] utf8 = new byte[in.readInt()];
        in.readFully(utf8);
        return new String(utf8, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String readOptional(DataInputStream in) throws IOException {
        return in.readBoolean() ? readLongString(in) : null;
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
            int format = in.readInt() == MAGIC ? in.readInt() : -1;
            if (format != FORMAT && format != FORMAT_WITHOUT_SEQUENCE_BOUNDS
                && format != FORMAT_WITHOUT_DROPPED_COLUMNS) {
                throw ErrorCode.DATA_CORRUPTED.exception(0, file, "not a Verso catalog of format " + FORMAT);
            }
            long nextId = in.readLong();
            long version = in.readLong();
            List<String> schemas = new ArrayList<>();
            for (int i = in.readInt(); i > 0; i--) {
                schemas.add(in.readUTF());
            }
            List<TableDefinition> tables = new ArrayList<>();
            for (int i = in.readInt(); i > 0; i--) {
                tables.add(readTable(in, format));
            }
            List<ViewDefinition> views = new ArrayList<>();
            for (int i = in.readInt(); i > 0; i--) {
                String name = in.readUTF();
                String query = readLongString(in);
                List<ColumnDefinition> columns = new ArrayList<>();
                for (int c = in.readInt(); c > 0; c--) {
                    columns.add(readColumnType(in));
                }
                List<String> dependsOn = new ArrayList<>();
                for (int d = in.readInt(); d > 0; d--) {
                    dependsOn.add(in.readUTF());
                }
                views.add(new ViewDefinition(name, query, columns, dependsOn));
            }
            List<SequenceDefinition> sequences = new ArrayList<>();
            for (int i = in.readInt(); i > 0; i--) {
                long id = in.readLong();
                String name = in.readUTF();
                long start = in.readLong();
                long increment = in.readLong();
                String owner = readOptional(in);
                sequences.add(format < FORMAT ? new SequenceDefinition(id, name, start, increment, owner)
                    : new SequenceDefinition(id, name, start, increment, in.readLong(), in.readLong(), in.readBoolean(),
                        owner));
            }
            return new Contents(nextId, version, schemas, tables, views, sequences);
        } catch (IOException | IllegalArgumentException e) {
            throw ErrorCode.DATA_CORRUPTED.exception(e, 0, file, "unreadable catalog: " + e.getMessage());
        }
    }

    private static TableDefinition readTable(DataInputStream in, int format) throws IOException {
        long id = in.readLong();
        String name = in.readUTF();
        TableLayout layout = TableLayout.valueOf(in.readUTF());
        int columnCount = in.readInt();
        List<ColumnDefinition> columns = new ArrayList<>(columnCount);
        for (int c = 0; c < columnCount; c++) {
            ColumnDefinition column = readColumnType(in);
            String defaultExpression = readOptional(in);
            String sequence = readOptional(in);
            Identity identity = sequence == null ? null : new Identity(in.readBoolean(), sequence);
            byte[] added = new byte[in.readInt()];
            in.readFully(added);
            Object addedValue = added.length == 0 ? null
                : new RowCodec(List.of(column.type())).decode(ByteBuffer.wrap(added), 0)[0];
            columns.add(new ColumnDefinition(column.name(), column.type(), column.nullable(), defaultExpression,
                identity, addedValue));
        }
        List<IndexDefinition> indexes = new ArrayList<>();
        for (int x = in.readInt(); x > 0; x--) {
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
            indexes.add(new IndexDefinition(indexId, indexName, keyColumns, descending, unique, kind, origin));
        }
        List<CheckConstraint> checks = new ArrayList<>();
        for (int x = in.readInt(); x > 0; x--) {
            checks.add(new CheckConstraint(in.readUTF(), readLongString(in)));
        }
        List<ForeignKey> keys = new ArrayList<>();
        for (int x = in.readInt(); x > 0; x--) {
            String keyName = in.readUTF();
            String parent = in.readUTF();
            ForeignKeyAction onDelete = ForeignKeyAction.valueOf(in.readUTF());
            int[] keyColumns = new int[in.readInt()];
            int[] referenced = new int[keyColumns.length];
            for (int k = 0; k < keyColumns.length; k++) {
                keyColumns[k] = in.readInt();
                referenced[k] = in.readInt();
            }
            keys.add(new ForeignKey(keyName, keyColumns, parent, referenced, onDelete));
        }
        List<DroppedColumn> dropped = new ArrayList<>();
        for (int x = format == FORMAT_WITHOUT_DROPPED_COLUMNS ? 0 : in.readInt(); x > 0; x--) {
            int place = in.readInt();
            dropped.add(new DroppedColumn(place,
                new DataType(ValueType.valueOf(in.readUTF()), in.readInt(), in.readInt())));
        }
        return new TableDefinition(id, name, columns, layout, indexes, checks, keys, dropped);
    }

    private static ColumnDefinition readColumnType(DataInputStream in) throws IOException {
        String column = in.readUTF();
        ValueType kind = ValueType.valueOf(in.readUTF());
        int precision = in.readInt();
        int scale = in.readInt();
        return new ColumnDefinition(column, new DataType(kind, precision, scale), in.readBoolean());
    }
}
