package org.verso.sql.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.api.GeneratedKeys;
import org.verso.sql.api.ResultRows;

/**
 * Gathers the generated keys of the rows one INSERT execution adds: the columns {@link GeneratedKeys} asks for, of
 * every row as it was stored (defaults and identity values filled in). The insert operator names its table before
 * the first row, so a statement that adds no rows still describes its key columns.
 */
public final class GeneratedKeyCollector {
    private final GeneratedKeys request;
    private int[] columns = new int[0];
    private List<ColumnMeta> meta = List.of();
    private final List<Object[]> rows = new ArrayList<>();

    private final boolean changes;

    /** {@code changes}: UPDATE and DELETE hand back their rows too (RETURNING); else only an INSERT's are kept. */
    public GeneratedKeyCollector(GeneratedKeys request, boolean changes) {
        this.request = request;
        this.changes = changes;
    }

    /** Whether an UPDATE or DELETE hands back the rows it changes (its RETURNING). */
    public boolean collectsChanges() {
        return changes;
    }

    /** The table the statement inserts into; resolves the requested columns (42703 for one it does not have). */
    public void target(TableDefinition table) {
        columns = resolve(table);
        List<ColumnMeta> result = new ArrayList<>(columns.length);
        for (int index : columns) {
            ColumnDefinition column = table.column(index);
            result.add(new ColumnMeta(column.name(), column.type(), column.nullable(), table.name(), column.name()));
        }
        meta = List.copyOf(result);
    }

    /** A row the statement stored, in table column order. */
    public void add(Object[] values) {
        Object[] key = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
            key[i] = values[columns[i]];
        }
        rows.add(key);
    }

    /** The keys gathered, in insertion order. */
    public ResultRows rows() {
        return ResultRows.of(meta, rows);
    }

    private int[] resolve(TableDefinition table) {
        switch (request.kind()) {
            case TABLE_KEYS: {
                int[] identity = IntStream.range(0, table.columnCount())
                    .filter(i -> table.column(i).identity() != null).toArray();
                return identity.length > 0 ? identity : table.primaryKey();
            }
            case POSITIONS: {
                int[] result = new int[request.positionList().size()];
                for (int i = 0; i < result.length; i++) {
                    int position = request.positionList().get(i);
                    if (position < 1 || position > table.columnCount()) {
                        throw ErrorCode.COLUMN_NOT_FOUND.exception("at position " + position + " of table "
                            + table.name());
                    }
                    result[i] = position - 1;
                }
                return result;
            }
            case NAMES: {
                int[] result = new int[request.nameList().size()];
                for (int i = 0; i < result.length; i++) {
                    result[i] = columnIndex(table, request.nameList().get(i));
                }
                return result;
            }
            case ALL_COLUMNS:
                return IntStream.range(0, table.columnCount()).toArray();
            default:
                return new int[0];
        }
    }

    /** The column of that exact name, else the one that matches it ignoring case (an unquoted name's form). */
    private static int columnIndex(TableDefinition table, String name) {
        int exact = table.columnIndex(name);
        if (exact >= 0) {
            return exact;
        }
        for (int i = 0; i < table.columnCount(); i++) {
            if (table.column(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        throw ErrorCode.COLUMN_NOT_FOUND.exception(name + " of table " + table.name());
    }
}
