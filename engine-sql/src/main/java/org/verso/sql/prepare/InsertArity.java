package org.verso.sql.prepare;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.TableDefinition;

/**
 * Refuses an INSERT without a column list whose rows have more values than the table has columns (42601, as
 * PostgreSQL does). Fewer values are allowed: the remaining columns take their defaults. Calcite's validator, which
 * allows the shorter rows, fails on the longer ones with an index error instead.
 */
final class InsertArity {
    private InsertArity() {
    }

    static void check(SqlNode statement, Catalog catalog) {
        if (!(statement instanceof SqlInsert insert) || insert.getTargetColumnList() != null) {
            return;
        }
        TableDefinition table = TargetTables.of(insert.getTargetTable(), catalog);
        if (table != null && width(insert.getSource()) > table.columnCount()) {
            throw ErrorCode.SYNTAX_ERROR.exception("INSERT has more expressions than target columns: table "
                + table.name() + " has " + table.columnCount());
        }
    }

    /** The widest row of an INSERT's source, or -1 where it is only known after validation ({@code *}). */
    private static int width(SqlNode source) {
        if (source.getKind() == SqlKind.VALUES) {
            int widest = -1;
            for (SqlNode row : ((SqlCall) source).getOperandList()) {
                widest = Math.max(widest, row instanceof SqlCall call ? call.operandCount() : 1);
            }
            return widest;
        }
        if (source instanceof SqlSelect select && select.getSelectList() != null) {
            for (SqlNode item : select.getSelectList()) {
                if (item.toString().endsWith("*")) {
                    return -1;
                }
            }
            return select.getSelectList().size();
        }
        return -1;
    }
}
