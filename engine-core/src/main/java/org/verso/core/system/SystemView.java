package org.verso.core.system;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.table.ReadableTable;
import org.verso.common.RowCursor;
import org.verso.core.tx.Transaction;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * A read-only view of the engine's own state, in schema {@code SYS} or {@code INFORMATION_SCHEMA}, computed when
 * it is scanned. System views are not versioned: a scan shows the counters or the catalog as they are at that
 * moment, whatever the transaction's snapshot.
 */
public final class SystemView implements ReadableTable {
    public static final String SCHEMA = "SYS";

    private final String schema;
    private final TableDefinition definition;
    private final Supplier<List<Object[]>> rows;

    private SystemView(String schema, String name, List<ColumnDefinition> columns, Supplier<List<Object[]>> rows) {
        this.schema = schema;
        this.definition = new TableDefinition(-1, schema + "." + name, columns, new int[0], TableLayout.SIAS);
        this.rows = rows;
    }

    /** The schema the view is in. */
    public String schema() {
        return schema;
    }

    /** The view's simple name (without the schema). */
    public String simpleName() {
        return definition.name().substring(schema.length() + 1);
    }

    @Override
    public TableDefinition definition() {
        return definition;
    }

    @Override
    public RowCursor scan(Transaction tx) {
        List<Object[]> snapshot = rows.get();
        return new RowCursor() {
            private int index = -1;

            @Override
            public boolean next() {
                return ++index < snapshot.size();
            }

            @Override
            public long rowId() {
                return index;
            }

            @Override
            public Object[] row() {
                return snapshot.get(index).clone();
            }

            @Override
            public void close() {
                index = snapshot.size();
            }
        };
    }

    /** Builds a view column by column. */
    public static final class Builder {
        private final String schema;
        private final String name;
        private final List<ColumnDefinition> columns = new ArrayList<>();

        /** A view in schema {@code SYS}. */
        public Builder(String name) {
            this(SCHEMA, name);
        }

        public Builder(String schema, String name) {
            this.schema = schema;
            this.name = name;
        }

        public Builder varchar(String column, int length) {
            columns.add(new ColumnDefinition(column, DataType.varchar(length), true));
            return this;
        }

        public Builder bigint(String column) {
            columns.add(new ColumnDefinition(column, DataType.of(ValueType.BIGINT), false));
            return this;
        }

        public Builder integer(String column) {
            columns.add(new ColumnDefinition(column, DataType.of(ValueType.INTEGER), false));
            return this;
        }

        public Builder dbl(String column) {
            columns.add(new ColumnDefinition(column, DataType.of(ValueType.DOUBLE), false));
            return this;
        }

        /** An INTEGER column that may be NULL. */
        public Builder nullableInteger(String column) {
            columns.add(new ColumnDefinition(column, DataType.of(ValueType.INTEGER), true));
            return this;
        }

        public Builder bool(String column) {
            columns.add(new ColumnDefinition(column, DataType.of(ValueType.BOOLEAN), false));
            return this;
        }

        public SystemView rows(Supplier<List<Object[]>> rows) {
            return new SystemView(schema, name, columns, rows);
        }
    }
}
