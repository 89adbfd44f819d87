package org.verso.core;

import java.util.ArrayList;
import java.util.List;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.common.RowCursor;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/** Table definitions and helpers shared by the engine-core tests. */
final class TestTables {
    private TestTables() {
    }

    /** ACCOUNTS(ID INTEGER PRIMARY KEY, OWNER VARCHAR(20), BALANCE BIGINT NOT NULL). */
    static TableDefinition accounts() {
        return new TableDefinition(0, "ACCOUNTS", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("OWNER", DataType.varchar(20), true),
            new ColumnDefinition("BALANCE", DataType.of(ValueType.BIGINT), false)),
            new int[] {0}, TableLayout.SIAS);
    }

    static List<Object[]> drain(RowCursor cursor) {
        List<Object[]> rows = new ArrayList<>();
        while (cursor.next()) {
            rows.add(cursor.row());
        }
        return rows;
    }
}
