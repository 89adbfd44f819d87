package org.verso.sql.prepare;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The label a person reads for a result column that has neither an alias nor a column name, in place of Calcite's
 * internal {@code EXPR$n}, by PostgreSQL's rule in Verso's upper case: a function call is labelled with the
 * function's name ({@code COUNT(*)} is {@code COUNT}, {@code NEXT VALUE FOR s} is {@code NEXTVAL}, {@code COALESCE}
 * and {@code NULLIF} too although the validator rewrites them into CASE, a window function's call its function's),
 * a CAST with the label of what it casts,
 * CASE with {@code CASE}, and any other expression {@code ?column?}. An alias always wins;
 * labels may repeat.
 */
final class ColumnLabels {
    private static final String INTERNAL_PREFIX = "EXPR$";
    private static final String ANY_EXPRESSION = "?column?";

    private ColumnLabels() {
    }

    /**
     * The COALESCE and NULLIF calls that label items of a query's first SELECT, by their place in the text: the
     * validator rewrites them into CASE expressions at the same place, and {@link #label(String, SqlNode, int, Map)}
     * labels those by the function, as PostgreSQL does. Read before validation.
     */
    static Map<SqlParserPos, String> rewrittenFunctions(SqlNode query) {
        SqlSelect select = firstSelect(query);
        if (select == null) {
            return Map.of();
        }
        Map<SqlParserPos, String> functions = new HashMap<>();
        for (SqlNode item : select.getSelectList()) {
            while (item instanceof SqlCall cast && cast.getKind() == SqlKind.CAST) {
                item = cast.operand(0);
            }
            if (item instanceof SqlCall call && call.getOperator() instanceof SqlUnresolvedFunction function) {
                String functionName = function.getName().toUpperCase(Locale.ROOT);
                if (functionName.equals("COALESCE") || functionName.equals("NULLIF")) {
                    functions.put(call.getParserPosition(), functionName);
                }
            }
        }
        return functions;
    }

    static String label(String name, SqlNode query, int index, Map<SqlParserPos, String> rewritten) {
        if (!name.startsWith(INTERNAL_PREFIX)) {
            return name;
        }
        SqlSelect select = firstSelect(query);
        if (select == null || index >= select.getSelectList().size()) {
            return ANY_EXPRESSION;
        }
        String label = of(select.getSelectList().get(index), rewritten);
        if (label.startsWith(INTERNAL_PREFIX) && select.getFrom() != null) {
            // SELECT * over a derived table (how the validator wraps a set operation with ORDER BY): its label
            SqlNode from = select.getFrom().getKind() == SqlKind.AS ? ((SqlCall) select.getFrom()).operand(0)
                : select.getFrom();
            return label(label, from, index, Map.of());
        }
        return label.startsWith(INTERNAL_PREFIX) ? ANY_EXPRESSION : label;
    }

    /** The label of a result column named {@code name} (the validator's name) that select item {@code item} gives. */
    static String label(String name, SqlNode item) {
        if (!name.startsWith(INTERNAL_PREFIX)) {
            return name;
        }
        String label = of(item, Map.of());
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

    private static String of(SqlNode item, Map<SqlParserPos, String> rewritten) {
        if (item instanceof SqlIdentifier identifier) {
            List<String> names = identifier.names;
            return names.get(names.size() - 1);
        }
        if (!(item instanceof SqlCall call) || item instanceof SqlNodeList) {
            return ANY_EXPRESSION;
        }
        return switch (call.getKind()) {
            case AS -> of(call.operand(1), rewritten);
            case CAST -> of(call.operand(0), rewritten);
            case OVER -> of(call.operand(0), rewritten);
            case CASE -> rewritten.getOrDefault(call.getParserPosition(), "CASE");
            case NEXT_VALUE -> "NEXTVAL";
            default -> call.getOperator() instanceof SqlFunction function
                ? function.getName().toUpperCase(Locale.ROOT) : ANY_EXPRESSION;
        };
    }
}
