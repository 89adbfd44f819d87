package org.verso.sql.parse;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.SqlUserDefinedTypeNameSpec;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.SqlParserUtil;
import org.apache.calcite.sql.parser.Span;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.rel.type.RelDataType;
import org.verso.common.type.DataType;
import org.verso.sql.parse.SimpleQueryLexer.Kind;
import org.verso.sql.parse.SimpleQueryLexer.Token;

/**
 * A recursive-descent parser for the queries most ad-hoc statements are: one SELECT over tables joined by commas,
 * [INNER] JOIN or CROSS JOIN, with WHERE, GROUP BY, HAVING, ORDER BY, LIMIT and OFFSET, and expressions of
 * literals, names, parameters, the arithmetic, comparison and logical operators, IS [NOT] NULL / TRUE / FALSE,
 * [NOT] BETWEEN, [NOT] IN lists, [NOT] LIKE, CASE, CAST and function calls. It builds the very tree the generated
 * parser ({@link org.verso.sql.parse.impl.VersoParserImpl}) builds, node for node and position for position, by the same constructors and
 * Calcite's own operator-precedence pass; a differential test holds the two to that over sqllogictest's corpus.
 *
 * <p>The generated parser spends most of its time in syntactic lookahead, several times this parser's whole cost.
 * Whatever this parser does not know (another statement, a subquery, a keyword it has no rule for, a word that is
 * a keyword used as a name) it declines, returning null, and the generated parser reads the statement, so that
 * every error, and every form not listed here, is the generated parser's.
 */
final class SimpleQueryParser {
    /** Where the statement leaves this parser's subset. */
    private static final class Declined extends RuntimeException {
        Declined() {
            super(null, null, false, false);
        }
    }

    private static final Declined DECLINED = new Declined();

    private final List<Token> tokens;
    private int next;
    private int parameters;

    private SimpleQueryParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** The statement's tree as {@link org.verso.sql.parse.impl.VersoParserImpl} builds it, or null if this parser declines it. */
    static SqlNode parse(String sql) {
        int start = 0;
        while (start < sql.length() && Character.isWhitespace(sql.charAt(start))) {
            start++;
        }
        if (!sql.regionMatches(true, start, "SELECT", 0, 6)) {
            return null; // another statement: not worth reading its tokens
        }
        List<Token> tokens = SimpleQueryLexer.tokens(sql);
        if (tokens == null || !isWord(tokens.get(0), "SELECT") || !GrammarWords.loaded()) {
            return null;
        }
        SqlNode query;
        try {
            query = new SimpleQueryParser(tokens).statement();
        } catch (RuntimeException | StackOverflowError e) {
            return null; // declined, or a value a constructor refused, or too deep: the generated parser decides
        }
        if (needsEarlyChecks(tokens)) {
            query.accept(EarlyChecks.INSTANCE);
        }
        return query;
    }

    /**
     * Whether {@link EarlyChecks} could find or change anything in a tree of these tokens: only with a NULL (a
     * condition it types), a number of more digits than DECIMAL holds or in E notation (a range it checks), or
     * COALESCE or PERCENTILE_CONT (calls it checks or retypes). Walking the tree otherwise cost a fifth of parsing.
     */
    private static boolean needsEarlyChecks(List<Token> tokens) {
        for (Token token : tokens) {
            switch (token.kind()) {
                case WORD -> {
                    String word = token.text();
                    if (word.equals("NULL") || word.equals("COALESCE") || word.equals("PERCENTILE_CONT")) {
                        return true;
                    }
                }
                case APPROX -> {
                    return true;
                }
                case INTEGER, DECIMAL -> {
                    if (token.text().length() > DataType.MAX_DECIMAL_PRECISION) {
                        return true;
                    }
                }
                default -> {
                }
            }
        }
        return false;
    }

    private SqlNode statement() {
        SqlNode query = orderByLimit(select());
        expect(Kind.EOF);
        return query;
    }

    // ---- tokens

    private Token peek() {
        return tokens.get(next);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(next + ahead, tokens.size() - 1));
    }

    private Token take() {
        return tokens.get(next++);
    }

    /** The position of the last token taken: the generated parser's {@code getPos()}. */
    private SqlParserPos last() {
        return tokens.get(next - 1).pos();
    }

    /** The span closed at the last token taken: the generated parser's {@code span.end(this)}. */
    private SqlParserPos end(Span span) {
        return span.add(last()).pos();
    }

    private Token expect(Kind kind) {
        if (peek().kind() != kind) {
            throw DECLINED;
        }
        return take();
    }

    private Token expectWord(String word) {
        if (!isWord(peek(), word)) {
            throw DECLINED;
        }
        return take();
    }

    private boolean at(Kind kind) {
        return peek().kind() == kind;
    }

    private boolean atWord(String word) {
        return isWord(peek(), word);
    }

    private boolean takeWord(String word) {
        if (isWord(peek(), word)) {
            next++;
            return true;
        }
        return false;
    }

    private static boolean isWord(Token token, String word) {
        return token.kind() == Kind.WORD && token.text().equals(word);
    }

    /** Whether the token is a name anywhere a name may stand: double-quoted, or a word the grammar does not know. */
    private static boolean isPlainName(Token token) {
        return token.kind() == Kind.QUOTED_NAME
            || token.kind() == Kind.WORD && !GrammarWords.isKeyword(token.text());
    }

    /** Whether the token may be a segment of a compound name, or a table's name: a keyword not reserved may. */
    private static boolean isSegment(Token token) {
        return isPlainName(token) || token.kind() == Kind.WORD && GrammarWords.isNonReserved(token.text());
    }

    /** Whether the token starts a name or an ordinary function call where an operand starts. */
    private static boolean isOperandName(Token token) {
        return isSegment(token) && !(token.kind() == Kind.WORD && GrammarWords.startsOtherThanName(token.text()));
    }

    /** Whether the token is an alias, after an expression or a table. */
    private static boolean isAlias(Token token) {
        return isSegment(token) && !(token.kind() == Kind.WORD && GrammarWords.continuesExpression(token.text()));
    }

    // ---- names

    /** One segment of a name, appended as AddIdentifierSegment appends it. */
    private void addSegment(List<String> names, List<SqlParserPos> positions) {
        Token token = take();
        if (!isSegment(token) || token.text().length() > SqlParser.DEFAULT_IDENTIFIER_MAX_LENGTH) {
            throw DECLINED;
        }
        names.add(token.text());
        positions.add(token.kind() == Kind.QUOTED_NAME ? token.pos().withQuoting(true) : token.pos());
    }

    private SqlIdentifier simpleIdentifier() {
        List<String> names = new ArrayList<>(1);
        List<SqlParserPos> positions = new ArrayList<>(1);
        addSegment(names, positions);
        return new SqlIdentifier(names.get(0), positions.get(0));
    }

    /** A compound name, perhaps ending in {@code .*} (CompoundIdentifier). */
    private SqlIdentifier compoundIdentifier() {
        List<String> names = new ArrayList<>(2);
        List<SqlParserPos> positions = new ArrayList<>(2);
        addSegment(names, positions);
        boolean star = false;
        while (at(Kind.DOT)) {
            Token after = peek(1);
            if (after.kind() == Kind.STAR) {
                next += 2;
                names.add("");
                positions.add(last());
                star = true;
                break;
            }
            next++;
            addSegment(names, positions);
        }
        SqlParserPos pos = SqlParserPos.sum(positions);
        return star ? SqlIdentifier.star(names, pos, positions) : new SqlIdentifier(names, null, pos, positions);
    }

    /** A table's compound name (CompoundTableIdentifier); a quoted segment holding a dot declines. */
    private SqlIdentifier tableIdentifier() {
        List<String> names = new ArrayList<>(2);
        List<SqlParserPos> positions = new ArrayList<>(2);
        addSegment(names, positions);
        while (at(Kind.DOT)) {
            next++;
            addSegment(names, positions);
        }
        for (String name : names) {
            if (name.indexOf('.') >= 0) {
                throw DECLINED;
            }
        }
        return new SqlIdentifier(names, null, SqlParserPos.sum(positions), positions);
    }

    // ---- the query

    private SqlSelect select() {
        expectWord("SELECT");
        Span s = Span.of(last());
        List<SqlNode> keywords = new ArrayList<>(1);
        if (takeWord("DISTINCT")) {
            keywords.add(SqlSelectKeyword.DISTINCT.symbol(last()));
        } else if (takeWord("ALL")) {
            keywords.add(SqlSelectKeyword.ALL.symbol(last()));
        }
        SqlNodeList keywordList = new SqlNodeList(keywords, s.addAll(keywords).pos());
        List<SqlNode> selectList = commaList(this::selectItem);
        SqlNode from = null;
        SqlNode where = null;
        SqlNodeList groupBy = null;
        SqlNode having = null;
        if (takeWord("FROM")) {
            from = fromClause();
            if (takeWord("WHERE")) {
                where = expression();
            }
            if (atWord("GROUP")) {
                groupBy = groupBy();
            }
            if (takeWord("HAVING")) {
                having = expression();
            }
        }
        return new SqlSelect(end(s), keywordList, new SqlNodeList(selectList, Span.of(selectList).pos()),
            from, where, groupBy, having, null, null, null, null, null, new SqlNodeList(List.of(), last()));
    }

    private SqlNode selectItem() {
        SqlNode e;
        if (at(Kind.STAR)) {
            e = SqlIdentifier.star(take().pos());
        } else {
            e = expression();
        }
        boolean as = takeWord("AS");
        if (as || isAlias(peek())) {
            if (!isAlias(peek())) {
                throw DECLINED;
            }
            SqlIdentifier alias = simpleIdentifier();
            return SqlStdOperatorTable.AS.createCall(Span.of(last()).end(e), e, alias);
        }
        return e;
    }

    /** Items separated by commas. */
    private List<SqlNode> commaList(java.util.function.Supplier<SqlNode> item) {
        List<SqlNode> items = new ArrayList<>();
        items.add(item.get());
        while (at(Kind.COMMA)) {
            next++;
            items.add(item.get());
        }
        return items;
    }

    private SqlNode fromClause() {
        SqlNode e = tableRef();
        while (true) {
            if (at(Kind.COMMA)) {
                SqlLiteral joinType = JoinType.COMMA.symbol(take().pos());
                SqlNode right = tableRef();
                e = new SqlJoin(joinType.getParserPosition(), e,
                    SqlLiteral.createBoolean(false, joinType.getParserPosition()), joinType, right,
                    JoinConditionType.NONE.symbol(SqlParserPos.ZERO), null);
                continue;
            }
            JoinType type;
            if (atWord("JOIN")) {
                type = JoinType.INNER;
            } else if ((atWord("INNER") || atWord("CROSS")) && isWord(peek(1), "JOIN")) {
                type = atWord("INNER") ? JoinType.INNER : JoinType.CROSS;
            } else {
                return e;
            }
            SqlLiteral natural = SqlLiteral.createBoolean(false, last());
            if (!atWord("JOIN")) {
                next++;
            }
            expectWord("JOIN");
            SqlLiteral joinType = type.symbol(last());
            SqlNode right = tableRef();
            if (takeWord("ON")) {
                SqlLiteral on = JoinConditionType.ON.symbol(last());
                SqlNode condition = expression();
                e = new SqlJoin(joinType.getParserPosition(), e, natural, joinType, right, on, condition);
            } else {
                e = new SqlJoin(joinType.getParserPosition(), e, natural, joinType, right,
                    JoinConditionType.NONE.symbol(joinType.getParserPosition()), null);
            }
        }
    }

    /** A table named, perhaps with an alias; anything else in FROM (a subquery, a function) declines. */
    private SqlNode tableRef() {
        if (!isSegment(peek())) {
            throw DECLINED;
        }
        SqlNode table = tableIdentifier();
        boolean as = takeWord("AS");
        if (as || isAlias(peek())) {
            if (!isAlias(peek())) {
                throw DECLINED;
            }
            SqlIdentifier alias = simpleIdentifier();
            if (at(Kind.LPAREN)) {
                throw DECLINED; // column aliases
            }
            return SqlStdOperatorTable.AS.createCall(end(Span.of(table)), table, alias);
        }
        return table;
    }

    private SqlNodeList groupBy() {
        expectWord("GROUP");
        Span s = Span.of(last());
        expectWord("BY");
        return new SqlNodeList(commaList(this::groupingElement), end(s));
    }

    /** An expression to group by; the empty set, GROUPING SETS, ROLLUP and CUBE decline. */
    private SqlNode groupingElement() {
        Token token = peek();
        if (token.kind() == Kind.LPAREN && peek(1).kind() == Kind.RPAREN || isWord(token, "GROUPING")
            || isWord(token, "ROLLUP") || isWord(token, "CUBE")) {
            throw DECLINED;
        }
        return expression();
    }

    /** ORDER BY, LIMIT and OFFSET after the query (OrderByLimitOpt); FETCH and NULLS FIRST / LAST decline. */
    private SqlNode orderByLimit(SqlNode query) {
        SqlNodeList orderBy = null;
        if (takeWord("ORDER")) {
            Span s = Span.of(last());
            expectWord("BY");
            List<SqlNode> list = commaList(this::orderItem);
            orderBy = new SqlNodeList(list, s.addAll(list).pos());
        }
        SqlNode offset = null;
        SqlNode fetch = null;
        if (takeWord("LIMIT")) {
            fetch = unsignedNumberOrParameter();
            if (at(Kind.COMMA)) {
                throw DECLINED;
            }
            if (takeWord("OFFSET")) {
                offset = unsignedNumberOrParameter();
            }
        } else if (takeWord("OFFSET")) {
            offset = unsignedNumberOrParameter();
        }
        if (orderBy == null && offset == null && fetch == null) {
            return query;
        }
        return new SqlOrderBy(last(), query, orderBy == null ? SqlNodeList.EMPTY : orderBy, offset, fetch);
    }

    private SqlNode orderItem() {
        SqlNode e = expression();
        if (!takeWord("ASC") && takeWord("DESC")) {
            e = SqlStdOperatorTable.DESC.createCall(last(), e);
        }
        return e;
    }

    private SqlNode unsignedNumberOrParameter() {
        Token token = peek();
        return switch (token.kind()) {
            case INTEGER, DECIMAL, APPROX -> number(take());
            case PARAM -> parameter(take());
            default -> throw DECLINED;
        };
    }

    // ---- expressions

    private SqlNode expression() {
        return SqlParserUtil.toTree(expression2());
    }

    /**
     * An expression as Expression2 reads it: a flat list of operands and operators, which Calcite's
     * operator-precedence pass ({@link SqlParserUtil#toTree}) turns into a tree.
     */
    private List<Object> expression2() {
        List<Object> list = new ArrayList<>();
        addExpression2b(list);
        while (true) {
            Token token = peek();
            SqlBinaryOperator binary = binaryOperator(token.kind());
            if (binary != null) {
                Token after = peek(1);
                if (binary.getKind().belongsTo(SqlKind.COMPARISON) && after.kind() == Kind.WORD
                    && (after.text().equals("SOME") || after.text().equals("ANY") || after.text().equals("ALL"))) {
                    throw DECLINED; // a quantified comparison
                }
                next++;
                list.add(new SqlParserUtil.ToTreeListItem(binary, token.pos()));
                addExpression2b(list);
                continue;
            }
            if (token.kind() != Kind.WORD) {
                return list;
            }
            switch (token.text()) {
                case "AND" -> {
                    next++;
                    list.add(new SqlParserUtil.ToTreeListItem(SqlStdOperatorTable.AND, token.pos()));
                    addExpression2b(list);
                }
                case "OR" -> {
                    next++;
                    list.add(new SqlParserUtil.ToTreeListItem(SqlStdOperatorTable.OR, token.pos()));
                    addExpression2b(list);
                }
                case "IS" -> postfix(list);
                case "IN" -> in(list, SqlStdOperatorTable.IN);
                case "BETWEEN" -> between(list, false);
                case "LIKE" -> like(list, SqlStdOperatorTable.LIKE);
                case "NOT" -> {
                    Token after = peek(1);
                    if (isWord(after, "IN")) {
                        next++;
                        in(list, SqlStdOperatorTable.NOT_IN);
                    } else if (isWord(after, "BETWEEN")) {
                        next++;
                        between(list, true);
                    } else if (isWord(after, "LIKE")) {
                        like(list, SqlStdOperatorTable.NOT_LIKE);
                    } else {
                        throw DECLINED;
                    }
                }
                default -> {
                    return list;
                }
            }
        }
    }

    private static SqlBinaryOperator binaryOperator(Kind kind) {
        return switch (kind) {
            case EQ -> SqlStdOperatorTable.EQUALS;
            case NE, NE2 -> SqlStdOperatorTable.NOT_EQUALS;
            case LT -> SqlStdOperatorTable.LESS_THAN;
            case LE -> SqlStdOperatorTable.LESS_THAN_OR_EQUAL;
            case GT -> SqlStdOperatorTable.GREATER_THAN;
            case GE -> SqlStdOperatorTable.GREATER_THAN_OR_EQUAL;
            case PLUS -> SqlStdOperatorTable.PLUS;
            case MINUS -> SqlStdOperatorTable.MINUS;
            case STAR -> SqlStdOperatorTable.MULTIPLY;
            case SLASH -> SqlStdOperatorTable.DIVIDE;
            case PERCENT -> SqlStdOperatorTable.PERCENT_REMAINDER;
            case CONCAT -> SqlStdOperatorTable.CONCAT;
            default -> null;
        };
    }

    /** IS [NOT] NULL / TRUE / FALSE / UNKNOWN, positioned at its last word as the generated parser has it. */
    private void postfix(List<Object> list) {
        next++;
        boolean not = takeWord("NOT");
        Token word = take();
        SqlOperator op;
        if (word.kind() != Kind.WORD) {
            throw DECLINED;
        }
        switch (word.text()) {
            case "NULL" -> op = not ? SqlStdOperatorTable.IS_NOT_NULL : SqlStdOperatorTable.IS_NULL;
            case "TRUE" -> op = not ? SqlStdOperatorTable.IS_NOT_TRUE : SqlStdOperatorTable.IS_TRUE;
            case "FALSE" -> op = not ? SqlStdOperatorTable.IS_NOT_FALSE : SqlStdOperatorTable.IS_FALSE;
            case "UNKNOWN" -> op = not ? SqlStdOperatorTable.IS_NOT_UNKNOWN : SqlStdOperatorTable.IS_UNKNOWN;
            default -> throw DECLINED;
        }
        list.add(new SqlParserUtil.ToTreeListItem(op, word.pos()));
    }

    /** [NOT] IN followed by a parenthesized list of expressions; a subquery there declines. */
    private void in(List<Object> list, SqlOperator op) {
        SqlParserPos pos = take().pos();
        expect(Kind.LPAREN);
        Span s = Span.of(last());
        if (isWord(peek(), "SELECT") || isWord(peek(), "VALUES") || isWord(peek(), "WITH")) {
            throw DECLINED;
        }
        List<SqlNode> items = commaList(this::expression);
        expect(Kind.RPAREN);
        list.add(new SqlParserUtil.ToTreeListItem(op, pos));
        list.add(new SqlNodeList(items, end(s)));
    }

    /** [NOT] BETWEEN [SYMMETRIC | ASYMMETRIC]; its AND is an operator of the list, as the generated parser has it. */
    private void between(List<Object> list, boolean not) {
        SqlParserPos pos = take().pos();
        SqlOperator op = not ? SqlStdOperatorTable.NOT_BETWEEN : SqlStdOperatorTable.BETWEEN;
        if (takeWord("SYMMETRIC")) {
            op = not ? SqlStdOperatorTable.SYMMETRIC_NOT_BETWEEN : SqlStdOperatorTable.SYMMETRIC_BETWEEN;
        } else {
            takeWord("ASYMMETRIC");
        }
        List<Object> operand = new ArrayList<>();
        addExpression2b(operand);
        list.add(new SqlParserUtil.ToTreeListItem(op, pos));
        list.addAll(operand);
    }

    /**
     * [NOT] LIKE and the rest of the expression, which the generated parser reads as one Expression2; it positions
     * the operator at the token before it. ESCAPE declines.
     */
    private void like(List<Object> list, SqlOperator op) {
        SqlParserPos pos = last();
        if (op == SqlStdOperatorTable.NOT_LIKE) {
            next++;
        }
        next++;
        List<Object> pattern = expression2();
        if (atWord("ESCAPE")) {
            throw DECLINED;
        }
        list.add(new SqlParserUtil.ToTreeListItem(op, pos));
        list.addAll(pattern);
    }

    /** Prefix operators, then one operand (AddExpression2b); a DOT after the operand declines. */
    private void addExpression2b(List<Object> list) {
        while (true) {
            Token token = peek();
            if (token.kind() == Kind.PLUS) {
                list.add(new SqlParserUtil.ToTreeListItem(SqlStdOperatorTable.UNARY_PLUS, take().pos()));
            } else if (token.kind() == Kind.MINUS) {
                list.add(new SqlParserUtil.ToTreeListItem(SqlStdOperatorTable.UNARY_MINUS, take().pos()));
            } else if (isWord(token, "NOT")) {
                list.add(new SqlParserUtil.ToTreeListItem(SqlStdOperatorTable.NOT, take().pos()));
            } else {
                break;
            }
        }
        list.add(operand());
        if (at(Kind.DOT)) {
            throw DECLINED;
        }
    }

    /** One operand (Expression3). */
    private SqlNode operand() {
        Token token = peek();
        switch (token.kind()) {
            case INTEGER, DECIMAL, APPROX:
                return number(take());
            case STRING:
                next++;
                if (at(Kind.STRING)) {
                    throw DECLINED; // a continued literal
                }
                return SqlLiteral.createCharString(SqlParserUtil.parseString(token.text()), null, token.pos())
                    .unescapeUnicode((char) 0);
            case PARAM:
                return parameter(take());
            case LPAREN:
                return parenthesized();
            case QUOTED_NAME:
                return nameOrCall();
            case WORD:
                break;
            default:
                throw DECLINED;
        }
        if (isOperandName(token)) {
            return nameOrCall();
        }
        switch (token.text()) {
            case "NULL":
                next++;
                return SqlLiteral.createNull(token.pos());
            case "TRUE":
                next++;
                return SqlLiteral.createBoolean(true, token.pos());
            case "FALSE":
                next++;
                return SqlLiteral.createBoolean(false, token.pos());
            case "UNKNOWN":
                next++;
                return SqlLiteral.createUnknown(token.pos());
            case "CASE":
                return caseExpression();
            case "CAST":
                return cast();
            default:
                // A reserved word that names a function (COALESCE, NULLIF, ...) and has no syntax of its own.
                if (peek(1).kind() == Kind.LPAREN && GrammarWords.isFunctionName(token.text())
                    && !GrammarWords.startsOtherThanName(token.text())) {
                    next++;
                    return call(new SqlIdentifier(token.text(), token.pos()));
                }
                throw DECLINED;
        }
    }

    private static SqlLiteral number(Token token) {
        return token.kind() == Kind.APPROX ? SqlLiteral.createApproxNumeric(token.text(), token.pos())
            : SqlLiteral.createExactNumeric(token.text(), token.pos());
    }

    private SqlDynamicParam parameter(Token token) {
        return new SqlDynamicParam(parameters++, token.pos());
    }

    /** A name, or a function call if a parenthesis follows a simple one. */
    private SqlNode nameOrCall() {
        if (peek(1).kind() == Kind.LPAREN) {
            List<String> names = new ArrayList<>(1);
            List<SqlParserPos> positions = new ArrayList<>(1);
            addSegment(names, positions);
            return call(new SqlIdentifier(names, null, SqlParserPos.sum(positions), positions));
        }
        return compoundIdentifier();
    }

    /**
     * A function call's arguments, after its name (NamedCall): {@code (*)}, {@code ()}, or an optional ALL or
     * DISTINCT and expressions. What may follow a call (OVER, FILTER, WITHIN GROUP, ...) declines.
     */
    private SqlNode call(SqlIdentifier name) {
        Span s = Span.of(last());
        expect(Kind.LPAREN);
        List<SqlNode> args = new ArrayList<>();
        SqlLiteral quantifier = null;
        if (at(Kind.STAR) && peek(1).kind() == Kind.RPAREN) {
            args.add(SqlIdentifier.star(take().pos()));
            next++;
        } else if (at(Kind.RPAREN)) {
            next++;
        } else {
            if (takeWord("DISTINCT")) {
                quantifier = SqlSelectKeyword.DISTINCT.symbol(last());
            } else if (takeWord("ALL")) {
                quantifier = SqlSelectKeyword.ALL.symbol(last());
            }
            if (isWord(peek(), "SELECT") || isWord(peek(), "VALUES") || isWord(peek(), "WITH")) {
                throw DECLINED;
            }
            args.addAll(commaList(this::expression));
            expect(Kind.RPAREN);
        }
        Token after = peek();
        if (after.kind() == Kind.WORD && switch (after.text()) {
            case "OVER", "FILTER", "WITHIN", "RESPECT", "IGNORE" -> true;
            default -> false;
        }) {
            throw DECLINED;
        }
        SqlOperator function = new SqlUnresolvedFunction(name, null, null, null, null,
            SqlFunctionCategory.USER_DEFINED_FUNCTION);
        return function.createCall(quantifier, end(s), args.toArray(new SqlNode[0]));
    }

    /** A parenthesized expression, which takes the parentheses' position; a row or a subquery declines. */
    private SqlNode parenthesized() {
        expect(Kind.LPAREN);
        Span s = Span.of(last());
        if (isWord(peek(), "SELECT") || isWord(peek(), "VALUES") || isWord(peek(), "WITH")) {
            throw DECLINED;
        }
        SqlNode e = expression();
        expect(Kind.RPAREN);
        return e.clone(end(s));
    }

    private SqlNode caseExpression() {
        expectWord("CASE");
        Span s = Span.of(last());
        SqlNode value = atWord("WHEN") ? null : expression();
        Span whenSpan = Span.of();
        Span thenSpan = Span.of();
        List<SqlNode> whens = new ArrayList<>();
        List<SqlNode> thens = new ArrayList<>();
        do {
            expectWord("WHEN");
            whenSpan.add(last());
            SqlNode when = expression();
            if (at(Kind.COMMA)) {
                throw DECLINED; // WHEN a, b
            }
            s.add(when);
            whens.add(when);
            expectWord("THEN");
            thenSpan.add(last());
            thens.add(expression());
        } while (atWord("WHEN"));
        SqlNode otherwise = takeWord("ELSE") ? expression() : null;
        expectWord("END");
        return SqlCase.createSwitched(end(s), value, new SqlNodeList(whens, whenSpan.addAll(whens).pos()),
            new SqlNodeList(thens, thenSpan.addAll(thens).pos()), otherwise);
    }

    private SqlNode cast() {
        expectWord("CAST");
        Span s = Span.of(last());
        expect(Kind.LPAREN);
        SqlNode value = expression();
        expectWord("AS");
        SqlTypeNameSpec type = typeName();
        SqlDataTypeSpec spec = new SqlDataTypeSpec(type, type.getParserPos());
        expect(Kind.RPAREN);
        return SqlStdOperatorTable.CAST.createCall(end(s), value, spec);
    }

    /** A built-in type without time zone, interval, collection or character set, or a type's name. */
    private SqlTypeNameSpec typeName() {
        Token token = peek();
        if (isPlainName(token)) {
            SqlIdentifier name = compoundIdentifier();
            return new SqlUserDefinedTypeNameSpec(name, last());
        }
        if (token.kind() != Kind.WORD) {
            throw DECLINED;
        }
        next++;
        Span s = Span.of(token.pos());
        SqlTypeName simple = switch (token.text()) {
            case "BOOLEAN" -> SqlTypeName.BOOLEAN;
            case "INTEGER", "INT" -> SqlTypeName.INTEGER;
            case "TINYINT" -> SqlTypeName.TINYINT;
            case "SMALLINT" -> SqlTypeName.SMALLINT;
            case "BIGINT" -> SqlTypeName.BIGINT;
            case "REAL" -> SqlTypeName.REAL;
            case "DOUBLE" -> SqlTypeName.DOUBLE;
            case "FLOAT" -> SqlTypeName.FLOAT;
            default -> null;
        };
        if (simple != null) {
            if (atWord("UNSIGNED")) {
                throw DECLINED;
            }
            if (simple == SqlTypeName.DOUBLE) {
                takeWord("PRECISION");
            }
            return new SqlBasicTypeNameSpec(simple, end(s));
        }
        switch (token.text()) {
            case "DECIMAL", "DEC", "NUMERIC" -> {
                int precision = RelDataType.PRECISION_NOT_SPECIFIED;
                int scale = RelDataType.SCALE_NOT_SPECIFIED;
                if (at(Kind.LPAREN)) {
                    next++;
                    precision = unsignedInt();
                    if (at(Kind.COMMA)) {
                        next++;
                        scale = unsignedInt();
                    }
                    expect(Kind.RPAREN);
                }
                return new SqlBasicTypeNameSpec(SqlTypeName.DECIMAL, precision, scale, end(s));
            }
            case "CHAR", "CHARACTER", "VARCHAR" -> {
                SqlTypeName name = token.text().equals("VARCHAR") || takeWord("VARYING")
                    ? SqlTypeName.VARCHAR : SqlTypeName.CHAR;
                int precision = -1;
                if (at(Kind.LPAREN)) {
                    next++;
                    precision = unsignedInt();
                    expect(Kind.RPAREN);
                }
                if (atWord("CHARACTER")) {
                    throw DECLINED;
                }
                return new SqlBasicTypeNameSpec(name, precision, null, end(s));
            }
            default -> throw DECLINED;
        }
    }

    private int unsignedInt() {
        return Integer.parseInt(expect(Kind.INTEGER).text());
    }
}
