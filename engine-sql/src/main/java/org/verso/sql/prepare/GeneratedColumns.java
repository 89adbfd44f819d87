package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlUpdate;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;

/**
 * Refuses a value for a {@code GENERATED ALWAYS AS IDENTITY} column (428C9): an INSERT may name the column only to
 * give it {@code DEFAULT}, and an UPDATE may not set it.
 */
final class GeneratedColumns {
    private GeneratedColumns() {
    }

    static void check(SqlNode statement, Catalog catalog) {
        if (statement instanceof SqlInsert insert) {
            checkInsert(insert, catalog);
        } else if (statement instanceof SqlUpdate update) {
            TableDefinition table = TargetTables.of(update.getTargetTable(), catalog);
            if (table != null) {
                for (SqlNode column : update.getTargetColumnList()) {
                    refuseIfAlways(table, TargetTables.column(column));
                }
            }
        }
    }

    private static void checkInsert(SqlInsert insert, Catalog catalog) {
        TableDefinition table = TargetTables.of(insert.getTargetTable(), catalog);
        if (table == null || table.columns().stream().noneMatch(GeneratedColumns::isAlways)) {
            return;
        }
        List<String> targets = new ArrayList<>();
        SqlNodeList columnList = insert.getTargetColumnList();
        if (columnList == null) {
            table.columns().forEach(c -> targets.add(c.name()));
        } else {
            columnList.forEach(c -> targets.add(((SqlIdentifier) c).getSimple()));
        }
        SqlNode source = insert.getSource();
        for (int k = 0; k < targets.size(); k++) {
            int position = table.columnIndex(targets.get(k));
            if (position < 0 || !isAlways(table.column(position))) {
                continue;
            }
            if (source.getKind() != SqlKind.VALUES) {
                refuseIfAlways(table, targets.get(k));
            }
            for (SqlNode row : ((SqlCall) source).getOperandList()) {
                List<SqlNode> values = ((SqlCall) row).getOperandList();
                if (k < values.size() && values.get(k).getKind() != SqlKind.DEFAULT) {
                    refuseIfAlways(table, targets.get(k));
                }
            }
        }
    }

    private static boolean isAlways(ColumnDefinition column) {
        return column.identity() != null && column.identity().always();
    }

    private static void refuseIfAlways(TableDefinition table, String column) {
        int position = table.columnIndex(column);
        if (position >= 0 && isAlways(table.column(position))) {
            throw ErrorCode.GENERATED_ALWAYS.exception(column, table.name());
        }
    }
}
