package org.verso.sql.prepare;

import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;

/**
 * The label a person reads for a result column that has neither an alias nor a column name, in place of Calcite's
 * internal {@code EXPR$n}, by PostgreSQL's rule in Verso's upper case: a function call is labelled with the
 * function's name ({@code COUNT(*)} is {@code COUNT}, {@code NEXT VALUE FOR s} is {@code NEXTVAL}), a CAST with the
 * label of what it casts, CASE with {@code CASE}, and any other expression {@code ?column?}. An alias always wins;
 * labels may repeat.
 */
final class ColumnLabels {
    private static final String INTERNAL_PREFIX = "EXPR$";
    private static final String ANY_EXPRESSION = "?column?";

    private ColumnLabels() {
    }

    static String label(String name, SqlNode query, int index) {
        if (!name.startsWith(INTERNAL_PREFIX)) {
            return name;
        }
        SqlSelect select = firstSelect(query);
        if (select == null || index >= select.getSelectList().size()) {
            return ANY_EXPRESSION;
        }
        String label = of(select.getSelectList().get(index));
        if (label.startsWith(INTERNAL_PREFIX) && select.getFrom() != null) {
            // SELECT * over a derived table (how the validator wraps a set operation with ORDER BY): its label
            SqlNode from = select.getFrom().getKind() == SqlKind.AS ? ((SqlCall) select.getFrom()).operand(0)
                : select.getFrom();
            return label(label, from, index);
        }
        return label.startsWith(INTERNAL_PREFIX) ? ANY_EXPRESSION : label;
    }

    /** The label of a result column named {@code name} (the validator's name) that select item {@code item} gives. */
    static String label(String name, SqlNode item) {
        if (!name.startsWith(INTERNAL_PREFIX)) {
            return name;
        }
        String label = of(item);
        return label.startsWith(INTERNAL_PREFIX) ? ANY_EXPRESSION : label;
    }

    /** The SELECT that names a query's columns: the query itself, under ORDER BY, or the first of a set operation. */
    private static SqlSelect firstSelect(SqlNode query) {
        if (query instanceof SqlSelect select) {
            return select;
        }
        if (query instanceof SqlOrderBy orderBy) {
            return firstSelect(orderBy.query);
        }
        if (query instanceof SqlBasicCall call && call.getKind().belongsTo(SqlKind.SET_QUERY)) {
            return firstSelect(call.operand(0));
        }
        return null;
    }

    private static String of(SqlNode item) {
        if (item instanceof SqlIdentifier identifier) {
            List<String> names = identifier.names;
            return names.get(names.size() - 1);
        }
        if (!(item instanceof SqlCall call) || item instanceof SqlNodeList) {
            return ANY_EXPRESSION;
        }
        return switch (call.getKind()) {
            case AS -> of(call.operand(1));
            case CAST -> of(call.operand(0));
            case CASE -> "CASE";
            case NEXT_VALUE -> "NEXTVAL";
            default -> call.getOperator() instanceof SqlFunction function
                ? function.getName().toUpperCase(Locale.ROOT) : ANY_EXPRESSION;
        };
    }
}
