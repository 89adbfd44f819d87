package org.verso.sql.prepare;

import java.util.List;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUpdate;
import org.verso.common.type.Values;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;

/**
 * Checks, when an UPDATE is prepared, each string literal its SET assigns to a string column against that column's
 * length (22001), as PostgreSQL does, so that the error does not depend on whether a row matches. The plan cannot
 * tell: there the assignment is a CAST to the column's type, which for a CAST the user wrote truncates instead. Other
 * literals are converted when their CAST is compiled (22018, 22003), and the values of an INSERT's VALUES reach the
 * column's checks in any case.
 */
final class AssignedLiterals {
    private AssignedLiterals() {
    }

    static void check(SqlNode statement, Catalog catalog) {
        if (!(statement instanceof SqlUpdate update)) {
            return;
        }
        TableDefinition table = TargetTables.of(update.getTargetTable(), catalog);
        if (table == null) {
            return;
        }
        List<SqlNode> targets = update.getTargetColumnList().getList();
        List<SqlNode> sources = update.getSourceExpressionList().getList();
        for (int i = 0; i < targets.size() && i < sources.size(); i++) {
            int position = table.columnIndex(TargetTables.column(targets.get(i)));
            if (position < 0 || !(sources.get(i) instanceof SqlCharStringLiteral literal)) {
                continue;
            }
            ColumnDefinition column = table.column(position);
            if (column.type().kind().isString()) {
                Values.assign(literal.getValueAs(String.class), column.type(), column.name());
            }
        }
    }
}
