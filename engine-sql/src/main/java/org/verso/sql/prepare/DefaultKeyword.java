package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.CatalogNames;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.parse.SqlParsing;

/**
 * {@code INSERT ... VALUES (..., DEFAULT, ...)}: replaces each DEFAULT by what the column stores when an INSERT
 * omits it (its DEFAULT expression, the next value of its identity sequence, or NULL) before validation, since
 * Calcite's converter leaves the keyword in multi-row VALUES.
 */
final class DefaultKeyword {
    private DefaultKeyword() {
    }

    static void expand(SqlNode statement, Catalog catalog) {
        if (!(statement instanceof SqlInsert insert) || insert.getSource().getKind() != SqlKind.VALUES
            || !(insert.getTargetTable() instanceof SqlIdentifier target) || target.names.size() > 2) {
            return;
        }
        String key = target.names.size() == 1 ? target.names.get(0)
            : CatalogNames.key(target.names.get(0), target.names.get(1));
        TableDefinition table = catalog.table(key).orElse(null);
        if (table == null) {
            return;
        }
        List<String> targets = new ArrayList<>();
        SqlNodeList columnList = insert.getTargetColumnList();
        if (columnList == null) {
            table.columns().forEach(c -> targets.add(c.name()));
        } else {
            columnList.forEach(c -> targets.add(((SqlIdentifier) c).getSimple()));
        }
        for (SqlNode row : ((SqlCall) insert.getSource()).getOperandList()) {
            SqlBasicCall values = (SqlBasicCall) row;
            for (int k = 0; k < values.operandCount() && k < targets.size(); k++) {
                int position = table.columnIndex(targets.get(k));
                if (values.operand(k).getKind() == SqlKind.DEFAULT && position >= 0) {
                    values.setOperand(k, defaultOf(table.column(position), values.operand(k).getParserPosition()));
                }
            }
        }
    }

    private static SqlNode defaultOf(ColumnDefinition column, SqlParserPos pos) {
        if (column.identity() != null) {
            String sequence = column.identity().sequence();
            return SqlStdOperatorTable.NEXT_VALUE.createCall(pos, new SqlIdentifier(
                List.of(CatalogNames.schemaOf(sequence), CatalogNames.simpleName(sequence)), pos));
        }
        if (column.defaultExpression() != null) {
            return SqlParsing.parseExpression(column.defaultExpression());
        }
        return SqlLiteral.createNull(pos);
    }
}
