package org.verso.sql.prepare;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
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
 * as a driver's would be, and the shape is planned and cached like any prepared statement. Which literals to take is
 * decided by parsing the statement once per lexical shape (its tokens, literals aside: {@link LiteralTokens}), and
 * remembered; a statement of a known lexical shape is only lexed. The first statement of a lexical shape is planned
 * as written: statements that never repeat a shape (generated queries) pay only the lexing. Thread safe.
 */
public final class LiteralParameters {
    private static final int MAX_RULES = 4096;

    /** A statement's shape and the literals taken out of it, in parameter order. */
    public record Shape(String sql, List<Object> literals) {
    }

    private record Taken(int start, int end, Object value) {
    }

    /** One literal to take: the tokens {@code [first, last]} (a minus sign and a number, or one literal). */
    private record Span(int first, int last) {
    }

    // Per lexical shape, the literals to take (none: the statement keeps its own plan).
    private final Map<String, List<Span>> rules = new ConcurrentHashMap<>();
    // Lexical shapes met once: only a second statement of the same shape is worth a parse and a plan of the shape.
    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    /**
     * The shape of {@code sql}, or null if it is the first of its lexical shape, has no literal to take, has
     * parameters of its own, is not a query or change, or does not parse (its own planning then reports why).
     */
    public Shape shape(String sql) {
        List<LiteralTokens.Token> tokens = LiteralTokens.lex(sql);
        if (tokens == null || tokens.stream().noneMatch(LiteralTokens.Token::isLiteral)) {
            return null;
        }
        String key = lexicalShape(sql, tokens);
        List<Span> rule = rules.get(key);
        if (rule == null) {
            if (firstSeen(key)) {
                return null; // a statement whose like may never come again is planned as written, at no extra cost
            }
            rule = decide(sql, tokens);
            if (rule == null) {
                return null; // it does not parse: nothing is remembered about a statement that will fail
            }
            if (rules.size() >= MAX_RULES) {
                rules.clear();
            }
            rules.put(key, rule);
        }
        if (rule.isEmpty()) {
            return null;
        }
        StringBuilder shape = new StringBuilder(sql.length());
        List<Object> literals = new ArrayList<>(rule.size());
        int copied = 0;
        for (Span span : rule) {
            int start = tokens.get(span.first()).start();
            int end = tokens.get(span.last()).end();
            Object value = value(sql.substring(start, end), tokens.get(span.last()).kind());
            if (value == null) {
                return null;
            }
            shape.append(sql, copied, start).append('?');
            copied = end;
            literals.add(value);
        }
        shape.append(sql, copied, sql.length());
        return new Shape(shape.toString(), literals);
    }

    /** Notes a lexical shape; true the first time (since the notes were last cleared). */
    private boolean firstSeen(String key) {
        if (seen.size() >= MAX_RULES) {
            seen.clear();
        }
        return seen.add(key);
    }

    /** The text with each literal token replaced by a mark of its kind. */
    private static String lexicalShape(String sql, List<LiteralTokens.Token> tokens) {
        StringBuilder key = new StringBuilder(sql.length());
        int copied = 0;
        for (LiteralTokens.Token token : tokens) {
            if (token.isLiteral()) {
                key.append(sql, copied, token.start()).append('\0').append(token.kind() == LiteralTokens.Kind.NUMBER
                    ? 'n' : 's');
                copied = token.end();
            }
        }
        return key.append(sql, copied, sql.length()).toString();
    }

    /** The value a literal's text spells: a number, or a quoted string with its doubled quotes made single. */
    private static Object value(String text, LiteralTokens.Kind kind) {
        if (kind == LiteralTokens.Kind.STRING) {
            return text.substring(1, text.length() - 1).replace("''", "'");
        }
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Parses the statement and decides which of its literal tokens to take, in text order; null if it does not
     * parse. A literal whose tokens cannot be told exactly makes the whole statement keep its own plan.
     */
    private static List<Span> decide(String sql, List<LiteralTokens.Token> tokens) {
        SqlNode node;
        try {
            node = SqlParsing.parse(sql);
        } catch (VersoException e) {
            return null;
        }
        if (hasParameters(node)) {
            return List.of();
        }
        List<Taken> taken = new ArrayList<>();
        collect(node, taken, lineStarts(sql));
        taken.sort(Comparator.comparingInt(Taken::start));
        List<Span> spans = new ArrayList<>(taken.size());
        for (Taken t : taken) {
            Span span = span(tokens, t.start(), t.end());
            if (span == null || !t.value().equals(value(sql.substring(t.start(), t.end()),
                tokens.get(span.last()).kind()))) {
                return List.of();
            }
            spans.add(span);
        }
        return List.copyOf(spans);
    }

    /** The tokens that make up exactly the text {@code [start, end)}: one literal, or a minus and a number. */
    private static Span span(List<LiteralTokens.Token> tokens, int start, int end) {
        for (int i = 0; i < tokens.size(); i++) {
            LiteralTokens.Token token = tokens.get(i);
            if (token.start() != start) {
                continue;
            }
            if (token.isLiteral() && token.end() == end) {
                return new Span(i, i);
            }
            if (token.kind() == LiteralTokens.Kind.MINUS && i + 1 < tokens.size()
                && tokens.get(i + 1).kind() == LiteralTokens.Kind.NUMBER && tokens.get(i + 1).end() == end
                && tokens.get(i + 1).start() == token.end()) {
                return new Span(i, i + 1);
            }
            return null;
        }
        return null;
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
    private static void collect(SqlNode node, List<Taken> taken, int[] lineStarts) {
        Consumer<SqlNode> take = value -> literal(value, taken, lineStarts);
        if (node instanceof SqlSelectForUpdate locking) {
            collect(locking.query, taken, lineStarts);
        } else if (node instanceof SqlOrderBy orderBy) {
            collect(orderBy.query, taken, lineStarts);
        } else if (node instanceof SqlSelect select) {
            condition(select.getWhere(), take);
        } else if (node instanceof SqlUpdate update) {
            update.getSourceExpressionList().forEach(take);
            condition(update.getCondition(), take);
        } else if (node instanceof SqlDelete delete) {
            condition(delete.getCondition(), take);
        } else if (node instanceof SqlInsert insert && insert.getSource().getKind() == SqlKind.VALUES) {
            for (SqlNode row : ((SqlCall) insert.getSource()).getOperandList()) {
                if (row.getKind() == SqlKind.ROW) {
                    ((SqlCall) row).getOperandList().forEach(take);
                }
            }
        }
    }

    /** Walks AND, OR and NOT down to comparisons of a column with literals. */
    private static void condition(SqlNode node, Consumer<SqlNode> take) {
        if (!(node instanceof SqlBasicCall call)) {
            return;
        }
        List<SqlNode> operands = call.getOperandList();
        switch (call.getKind()) {
            case AND, OR, NOT -> operands.forEach(operand -> condition(operand, take));
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> {
                if (operands.get(0) instanceof SqlIdentifier) {
                    take.accept(operands.get(1));
                } else if (operands.get(1) instanceof SqlIdentifier) {
                    take.accept(operands.get(0));
                }
            }
            case BETWEEN -> {
                if (operands.get(0) instanceof SqlIdentifier && literal(operands.get(1)) != null
                    && literal(operands.get(2)) != null) {
                    take.accept(operands.get(1));
                    take.accept(operands.get(2));
                }
            }
            case IN, NOT_IN -> {
                if (operands.get(0) instanceof SqlIdentifier && operands.get(1) instanceof SqlNodeList list
                    && list.stream().allMatch(item -> literal(item) != null)) {
                    list.forEach(take);
                }
            }
            default -> {
            }
        }
    }

    private static void literal(SqlNode node, List<Taken> taken, int[] lineStarts) {
        SqlLiteral literal = literal(node);
        if (literal != null) {
            SqlParserPos pos = literal.getParserPosition();
            taken.add(new Taken(offset(lineStarts, pos.getLineNum(), pos.getColumnNum()),
                offset(lineStarts, pos.getEndLineNum(), pos.getEndColumnNum()) + 1,
                literal instanceof SqlNumericLiteral ? literal.getValueAs(BigDecimal.class)
                    : ((NlsString) literal.getValue()).getValue()));
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
