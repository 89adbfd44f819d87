package org.verso.sql.prepare;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.util.NlsString;
import org.verso.common.VersoException;
import org.verso.common.type.DataType;
import org.verso.common.type.Values;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.parse.ast.SqlSelectForUpdate;

/**
 * Literal parameterisation of statements sent as text: {@code WHERE id = 17} and {@code WHERE id = 18} share one
 * plan, that of {@code WHERE id = ?}. Only literals whose meaning a parameter keeps exactly are taken: a number or a
 * string compared with a column in the WHERE clause ({@code =}, {@code <>}, {@code <}, {@code <=}, {@code >},
 * {@code >=}, {@code BETWEEN}, an {@code IN} list), and a number or a string given as a column's value in
 * {@code INSERT ... VALUES} or {@code UPDATE ... SET}. There the parameter takes the column's type, and a literal
 * is bound only if that type holds it exactly ({@link #bind}): {@code id = 17.5} against an integer column, a string
 * longer than a VARCHAR, trailing blanks, a CHAR or REAL column or a string compared with a number keep their own
 * plan. Literals elsewhere (the select list, ORDER BY and GROUP BY ordinals, LIMIT, typed literals, NULL) are never
 * touched.
 *
 * <p>The shape is the statement's own text with {@code ?} in place of each literal taken, so parameters are numbered
 * as a driver's would be, and the shape is planned and cached like any prepared statement. Stateless.
 */
public final class LiteralParameters {
    /** A statement's shape and the literals taken out of it, in parameter order. */
    public record Shape(String sql, List<Object> literals) {
    }

    private record Taken(SqlParserPos pos, Object value) {
    }

    private LiteralParameters() {
    }

    /**
     * The shape of {@code sql}, or null if it has no literal to take, has parameters of its own, is not a query or
     * change, or does not parse (the statement's own planning then reports why).
     */
    public static Shape shape(String sql) {
        SqlNode node;
        try {
            node = SqlParsing.parse(sql);
        } catch (VersoException e) {
            return null;
        }
        if (hasParameters(node)) {
            return null;
        }
        List<Taken> taken = new ArrayList<>();
        collect(node, taken);
        if (taken.isEmpty()) {
            return null;
        }
        taken.sort(Comparator.comparingInt((Taken t) -> t.pos().getLineNum())
            .thenComparingInt(t -> t.pos().getColumnNum()));
        int[] lineStarts = lineStarts(sql);
        StringBuilder shape = new StringBuilder(sql.length());
        int copied = 0;
        List<Object> literals = new ArrayList<>(taken.size());
        for (Taken t : taken) {
            int start = offset(lineStarts, t.pos().getLineNum(), t.pos().getColumnNum());
            int end = offset(lineStarts, t.pos().getEndLineNum(), t.pos().getEndColumnNum()) + 1;
            if (start < copied || end > sql.length() || !spells(sql.substring(start, end), t.value())) {
                return null; // positions that do not name the literal's own text: keep the statement whole
            }
            shape.append(sql, copied, start).append('?');
            copied = end;
            literals.add(t.value());
        }
        shape.append(sql, copied, sql.length());
        return new Shape(shape.toString(), literals);
    }

    /**
     * The literals as values of the shape's parameters, or null if a parameter's type does not hold one exactly
     * (the statement then needs a plan of its own).
     */
    public static Object[] bind(Shape shape, List<ColumnMeta> parameters) {
        if (parameters.size() != shape.literals().size()) {
            return null;
        }
        Object[] values = new Object[parameters.size()];
        for (int i = 0; i < values.length; i++) {
            Object literal = shape.literals().get(i);
            DataType type = parameters.get(i).type();
            if (!holdsExactly(type, literal)) {
                return null;
            }
            try {
                values[i] = Values.parameter(literal, type);
            } catch (VersoException e) {
                return null;
            }
        }
        return values;
    }

    private static boolean holdsExactly(DataType type, Object literal) {
        if (literal instanceof String s) {
            // A CHAR column pads and compares blank-padded; a trailing blank would compare differently too.
            return switch (type.kind()) {
                case VARCHAR -> s.length() <= type.length() && !s.endsWith(" ");
                default -> false;
            };
        }
        BigDecimal d = (BigDecimal) literal;
        int scale = d.signum() == 0 ? 0 : d.stripTrailingZeros().scale();
        return switch (type.kind()) {
            case SMALLINT -> scale <= 0 && fits(d, Short.MIN_VALUE, Short.MAX_VALUE);
            case INTEGER -> scale <= 0 && fits(d, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case BIGINT -> scale <= 0 && fits(d, Long.MIN_VALUE, Long.MAX_VALUE);
            case DECIMAL -> scale <= type.scale()
                && d.precision() - d.scale() <= type.precision() - type.scale();
            // A DOUBLE comparison casts the literal to DOUBLE either way; a REAL one would not.
            case DOUBLE -> true;
            default -> false;
        };
    }

    private static boolean fits(BigDecimal d, long min, long max) {
        return d.compareTo(BigDecimal.valueOf(min)) >= 0 && d.compareTo(BigDecimal.valueOf(max)) <= 0;
    }

    private static boolean hasParameters(SqlNode node) {
        boolean[] found = {false};
        node.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlDynamicParam param) {
                found[0] = true;
                return null;
            }
        });
        return found[0];
    }

    /** Collects the literals the statement's top-level clauses allow to take. */
    private static void collect(SqlNode node, List<Taken> taken) {
        if (node instanceof SqlSelectForUpdate locking) {
            collect(locking.query, taken);
        } else if (node instanceof SqlOrderBy orderBy) {
            collect(orderBy.query, taken);
        } else if (node instanceof SqlSelect select) {
            condition(select.getWhere(), taken);
        } else if (node instanceof SqlUpdate update) {
            for (SqlNode value : update.getSourceExpressionList()) {
                literal(value, taken);
            }
            condition(update.getCondition(), taken);
        } else if (node instanceof SqlDelete delete) {
            condition(delete.getCondition(), taken);
        } else if (node instanceof SqlInsert insert && insert.getSource().getKind() == SqlKind.VALUES) {
            for (SqlNode row : ((SqlCall) insert.getSource()).getOperandList()) {
                if (row.getKind() == SqlKind.ROW) {
                    for (SqlNode value : ((SqlCall) row).getOperandList()) {
                        literal(value, taken);
                    }
                }
            }
        }
    }

    /** Walks AND, OR and NOT down to comparisons of a column with literals. */
    private static void condition(SqlNode node, List<Taken> taken) {
        if (!(node instanceof SqlBasicCall call)) {
            return;
        }
        List<SqlNode> operands = call.getOperandList();
        switch (call.getKind()) {
            case AND, OR, NOT -> operands.forEach(operand -> condition(operand, taken));
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> {
                if (operands.get(0) instanceof SqlIdentifier) {
                    literal(operands.get(1), taken);
                } else if (operands.get(1) instanceof SqlIdentifier) {
                    literal(operands.get(0), taken);
                }
            }
            case BETWEEN -> {
                if (operands.get(0) instanceof SqlIdentifier && literal(operands.get(1)) != null
                    && literal(operands.get(2)) != null) {
                    literal(operands.get(1), taken);
                    literal(operands.get(2), taken);
                }
            }
            case IN, NOT_IN -> {
                if (operands.get(0) instanceof SqlIdentifier && operands.get(1) instanceof SqlNodeList list
                    && list.stream().allMatch(item -> literal(item) != null)) {
                    list.forEach(item -> literal(item, taken));
                }
            }
            default -> {
            }
        }
    }

    private static void literal(SqlNode node, List<Taken> taken) {
        SqlLiteral literal = literal(node);
        if (literal != null) {
            taken.add(new Taken(literal.getParserPosition(), literal instanceof SqlNumericLiteral
                ? literal.getValueAs(BigDecimal.class) : ((NlsString) literal.getValue()).getValue()));
        }
    }

    /**
     * The literal {@code node} is, if it is one a parameter can stand for: a number (under a unary minus too: the
     * parameter then stands for the number, the minus stays) or a plain string.
     */
    private static SqlLiteral literal(SqlNode node) {
        if (node != null && node.getKind() == SqlKind.MINUS_PREFIX) {
            SqlNode operand = ((SqlCall) node).operand(0);
            return operand instanceof SqlNumericLiteral number ? number : null;
        }
        if (node instanceof SqlNumericLiteral number) {
            return number;
        }
        if (node instanceof SqlCharStringLiteral string && ((NlsString) string.getValue()).getCharsetName() == null) {
            return string;
        }
        return null;
    }

    /** Whether {@code text} is the literal's own spelling: a number of that value, or a quoted string of it. */
    private static boolean spells(String text, Object value) {
        if (value instanceof String s) {
            return text.length() >= 2 && text.charAt(0) == '\'' && text.charAt(text.length() - 1) == '\''
                && text.substring(1, text.length() - 1).replace("''", "'").equals(s);
        }
        if (!text.matches("[0-9.eE+-]+")) {
            return false;
        }
        try {
            return new BigDecimal(text).compareTo((BigDecimal) value) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static int[] lineStarts(String sql) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < sql.length(); i++) {
            if (sql.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The string offset of a parser position (lines and columns from 1). */
    private static int offset(int[] lineStarts, int line, int column) {
        if (line < 1 || line > lineStarts.length) {
            return -1;
        }
        return lineStarts[line - 1] + column - 1;
    }
}
