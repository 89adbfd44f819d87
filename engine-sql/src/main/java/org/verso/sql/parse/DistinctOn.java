package org.verso.sql.parse;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.util.Litmus;
import org.apache.calcite.util.Util;
import org.verso.common.ErrorCode;

/**
 * PostgreSQL's {@code SELECT DISTINCT ON (expressions) ...}: of the rows that agree on the expressions, only the
 * first in the ORDER BY's order. Calcite's grammar has no place for it, so the text's {@code DISTINCT ON (a, b)}
 * becomes a marker call {@code "DISTINCT$"(a, b)} heading the select list before parsing ({@link #rewriteText}),
 * and the tree then trades the marker for the same query filtered by
 * {@code QUALIFY ROW_NUMBER() OVER (PARTITION BY a, b ORDER BY <the query's ORDER BY>) = 1} ({@link #rewriteTree}).
 * As in PostgreSQL, the expressions and the ORDER BY items may name output columns by alias or position, and the
 * expressions must match the leading ORDER BY items (42P10 otherwise).
 */
final class DistinctOn {
    private static final String MARKER = "DISTINCT$";
    private static final String QUOTED_MARKER = '"' + MARKER + '"';

    private DistinctOn() {
    }

    /** {@code sql} with each {@code SELECT DISTINCT ON (...)} made the marker call; {@code sql} if it has none. */
    static String rewriteText(String sql) {
        if (!SqlText.mentions(sql, "DISTINCT")) {
            return sql;
        }
        StringBuilder out = null;
        int copied = 0;
        String previousWord = "";
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            int skipped = c == '\'' ? SqlText.stringEnd(sql, i) : SqlText.quotedOrCommentEnd(sql, i);
            if (skipped > i) {
                i = skipped;
                continue;
            }
            if (!SqlText.isWordChar(c)) {
                i++;
                continue;
            }
            int end = SqlText.wordEnd(sql, i);
            String word = sql.substring(i, end).toUpperCase(Locale.ROOT);
            int on = SqlText.skipSpace(sql, end);
            int open = SqlText.skipSpace(sql, on + 2);
            if (word.equals("DISTINCT") && previousWord.equals("SELECT") && SqlText.wordAt(sql, on).equals("ON")
                && open < sql.length() && sql.charAt(open) == '(') {
                int close = SqlText.closingParen(sql, open);
                if (close < 0) {
                    break; // the parser reports the unbalanced parenthesis
                }
                out = out == null ? new StringBuilder(sql.length() + 1) : out;
                out.append(sql, copied, i).append(SqlText.pad(QUOTED_MARKER, on + 2 - i))
                    .append(sql, on + 2, close + 1);
                // A comma ends the marker's item; it takes the place of a space after it, so positions stay.
                boolean space = close + 1 < sql.length() && Character.isWhitespace(sql.charAt(close + 1));
                out.append(',');
                copied = space ? close + 2 : close + 1;
                i = copied;
                previousWord = "";
                continue;
            }
            previousWord = word;
            i = end;
        }
        return out == null ? sql : out.append(sql, copied, sql.length()).toString();
    }

    /** Trades every marker in {@code statement} for a QUALIFY clause, in place. */
    static void rewriteTree(SqlNode statement) {
        statement.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlOrderBy orderBy && orderBy.query instanceof SqlSelect select
                    && markerOf(select) != null) {
                    qualify(select, orderBy.orderList);
                } else if (call instanceof SqlSelect select && markerOf(select) != null) {
                    qualify(select, select.getOrderList());
                }
                return super.visit(call);
            }
        });
    }

    private static SqlCall markerOf(SqlSelect select) {
        SqlNode first = select.getSelectList().size() == 0 ? null : select.getSelectList().get(0);
        return first instanceof SqlCall call && call.getOperator().getName().equals(MARKER) ? call : null;
    }

    private static void qualify(SqlSelect select, SqlNodeList orderList) {
        SqlCall marker = markerOf(select);
        SqlParserPos pos = marker.getParserPosition();
        List<SqlNode> items = new ArrayList<>(select.getSelectList().subList(1, select.getSelectList().size()));
        if (items.isEmpty() || marker.operandCount() == 0) {
            throw ErrorCode.SYNTAX_ERROR.exception("SELECT DISTINCT ON needs expressions and a select list");
        }
        if (select.getQualify() != null) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("DISTINCT ON together with QUALIFY");
        }
        List<SqlNode> keys = new ArrayList<>();
        for (SqlNode key : marker.getOperandList()) {
            keys.add(resolved(key, items));
        }
        List<SqlNode> order = new ArrayList<>();
        if (orderList != null) {
            for (int i = 0; i < orderList.size(); i++) {
                SqlNode item = resolved(orderList.get(i), items);
                if (i < keys.size() && keys.stream().noneMatch(key -> same(key, stripped(item)))) {
                    throw ErrorCode.INVALID_REFERENCE.exception(
                        "SELECT DISTINCT ON expressions must match initial ORDER BY expressions");
                }
                order.add(item);
            }
        }
        SqlWindow window = SqlWindow.create(null, null, new SqlNodeList(keys, pos), new SqlNodeList(order, pos),
            SqlLiteral.createBoolean(false, pos), null, null, null, SqlWindow.createExcludeNoOthers(pos), pos);
        SqlNode rowNumber = SqlStdOperatorTable.OVER.createCall(pos,
            SqlStdOperatorTable.ROW_NUMBER.createCall(pos), window);
        select.setSelectList(new SqlNodeList(items, select.getSelectList().getParserPosition()));
        select.setQualify(SqlStdOperatorTable.EQUALS.createCall(pos, rowNumber,
            SqlLiteral.createExactNumeric("1", pos)));
    }

    /**
     * A copy of {@code item} (an expression, or an ORDER BY item with its DESC and NULLS wrappers) in which an
     * output column named by position or by alias stands as its expression, as PostgreSQL reads them here.
     */
    private static SqlNode resolved(SqlNode item, List<SqlNode> selectItems) {
        if (isOrderWrapper(item)) {
            SqlBasicCall call = (SqlBasicCall) item;
            return call.getOperator().createCall(call.getParserPosition(), resolved(call.operand(0), selectItems));
        }
        if (item instanceof SqlNumericLiteral number && number.isInteger()) {
            int position = number.getValueAs(BigDecimal.class).intValueExact();
            if (position < 1 || position > selectItems.size()) {
                throw ErrorCode.INVALID_REFERENCE.exception("position " + position
                    + " is not in the select list");
            }
            return SqlTrees.copy(expression(selectItems.get(position - 1)));
        }
        if (item instanceof SqlIdentifier id && id.isSimple()) {
            for (SqlNode selectItem : selectItems) {
                if (selectItem.getKind() == SqlKind.AS
                    && ((SqlCall) selectItem).operand(1).toString().equals(id.getSimple())) {
                    return SqlTrees.copy(expression(selectItem));
                }
            }
        }
        return SqlTrees.copy(item);
    }

    private static SqlNode expression(SqlNode selectItem) {
        return selectItem.getKind() == SqlKind.AS ? ((SqlCall) selectItem).operand(0) : selectItem;
    }

    /** Whether two expressions are alike; columns by their name alone, which a qualifier may precede. */
    private static boolean same(SqlNode a, SqlNode b) {
        if (a instanceof SqlIdentifier x && b instanceof SqlIdentifier y) {
            return Util.last(x.names).equals(Util.last(y.names));
        }
        return a.equalsDeep(b, Litmus.IGNORE);
    }

    private static SqlNode stripped(SqlNode item) {
        SqlNode node = item;
        while (isOrderWrapper(node)) {
            node = ((SqlCall) node).operand(0);
        }
        return node;
    }

    /** DESC, NULLS FIRST or NULLS LAST around an ORDER BY item's expression. */
    private static boolean isOrderWrapper(SqlNode node) {
        return node.getKind() == SqlKind.DESCENDING || node.getKind() == SqlKind.NULLS_FIRST
            || node.getKind() == SqlKind.NULLS_LAST;
    }
}
