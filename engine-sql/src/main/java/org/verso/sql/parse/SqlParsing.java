package org.verso.sql.parse;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.SourceStringReader;
import org.apache.calcite.sql.validate.SqlConformance;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.sql.parse.impl.VersoParserImpl;

/**
 * Parses one SQL statement with Verso's parser ({@link VersoParserImpl}, generated at build time from Calcite's
 * {@code Parser.jj} template with Verso's DDL, {@code FOR UPDATE} and non-reserved words; see engine-sql's README):
 * double-quoted identifiers keep their case, unquoted ones are upper-cased, as the catalog stores them.
 */
public final class SqlParsing {
    /** LENIENT accepts {@code SELECT} without {@code FROM}, {@code LIMIT}, GROUP BY aliases and the like. */
    public static final SqlConformance CONFORMANCE = SqlConformanceEnum.LENIENT;


    /** Calcite's message for an unexpected token. */
    private static final Pattern ENCOUNTERED = Pattern.compile("Encountered \"([^\"]+)\"");
    /** Calcite's own wording when the unexpected token is a keyword. */
    private static final Pattern NEAR_KEYWORD = Pattern.compile("Incorrect syntax near the keyword '([^']+)'");

    private SqlParsing() {
    }

    /** The statement's syntax tree; a syntax error becomes 42601 with its line and column. */
    public static SqlNode parse(String sql) {
        String written = IntervalLiterals.rewrite(withoutTrailingSemicolon(sql));
        String statement = DistinctOn.rewriteText(written);
        boolean distinctOn = statement != written; // the rewrite returns its argument when it changes nothing
        if (statement.isBlank()) {
            throw ErrorCode.SYNTAX_ERROR.exception("empty statement");
        }
        try {
            SqlNode parsed = SimpleQueryParser.parse(statement); // checked as it needs
            if (parsed == null) {
                parsed = grammarTree(statement);
                parsed.accept(EarlyChecks.INSTANCE);
            }
            if (distinctOn) {
                DistinctOn.rewriteTree(parsed);
            }
            return parsed;
        } catch (VersoException e) {
            throw e;
        } catch (SqlParseException e) {
            if (e.getCause() instanceof StackOverflowError) {
                throw ErrorCode.STATEMENT_TOO_COMPLEX.exception();
            }
            throw syntaxError(statement, e);
        } catch (StackOverflowError e) {
            throw ErrorCode.STATEMENT_TOO_COMPLEX.exception();
        } catch (RuntimeException e) {
            throw ErrorCode.SYNTAX_ERROR.exception(e, "syntax error: " + e.getMessage());
        }
    }

    /**
     * The statement's tree as the generated parser builds it, before the early checks. {@link #parse} first offers
     * the statement to {@link SimpleQueryParser}, which builds the same tree for common queries in a fraction of
     * the time.
     */
    static SqlNode grammarTree(String statement) throws SqlParseException {
        VersoParserImpl parser = parser(statement);
        try {
            return parser.parseSqlStmtEof();
        } catch (Throwable t) {
            throw normalized(parser, t, statement);
        }
    }

    /** A stored expression (a column's DEFAULT) as a syntax tree. */
    public static SqlNode parseExpression(String expression) {
        try {
            VersoParserImpl parser = parser(IntervalLiterals.rewrite(expression));
            try {
                return parser.parseSqlExpressionEof();
            } catch (Throwable t) {
                throw normalized(parser, t, expression);
            }
        } catch (SqlParseException e) {
            throw syntaxError(expression, e);
        }
    }

    /**
     * A parser of {@code sql}, set up as {@code SqlParser} sets one up: double-quoted identifiers keep their case,
     * unquoted ones are upper-cased. It is made directly rather than through {@code SqlParser.Config}, whose
     * default would load and initialise Calcite's own parser class, unused, in every new JVM.
     */
    private static VersoParserImpl parser(String sql) {
        VersoParserImpl parser = new VersoParserImpl(new SourceStringReader(sql));
        parser.setOriginalSql(sql);
        parser.setTabSize(1);
        parser.setQuotedCasing(Casing.UNCHANGED);
        parser.setUnquotedCasing(Casing.TO_UPPER);
        parser.setIdentifierMaxLength(SqlParser.DEFAULT_IDENTIFIER_MAX_LENGTH);
        parser.setTimeUnitCodes(SqlParser.DEFAULT_IDENTIFIER_TIMEUNIT_MAP);
        parser.setConformance(CONFORMANCE);
        parser.switchTo(SqlAbstractParserImpl.LexicalState.DQID); // identifiers in double quotes
        return parser;
    }

    /** What went wrong while parsing, as {@code SqlParser} reports it. */
    private static SqlParseException normalized(VersoParserImpl parser, Throwable t, String sql) {
        if (t instanceof CalciteContextException context) {
            context.setOriginalStatement(sql);
        }
        return parser.normalizeException(t);
    }

    /** One terminating {@code ;}, as most drivers accept, is not part of the statement. */
    private static String withoutTrailingSemicolon(String sql) {
        String s = sql.stripTrailing();
        return s.endsWith(";") ? s.substring(0, s.length() - 1) : s;
    }

    private static VersoException syntaxError(String sql, SqlParseException e) {
        String message = firstLine(e.getMessage());
        SqlParserPos pos = e.getPos();
        if (message.startsWith("Non-query expression encountered in illegal context")) {
            // A statement that starts with an unknown word parses as an expression; say which word it is.
            message = "syntax error at \"" + wordAt(sql, pos) + "\": a statement starts with SELECT, INSERT, UPDATE, "
                + "DELETE, MERGE, CREATE, DROP, ALTER, TRUNCATE, VALUES, WITH or EXPLAIN";
        }
        if (pos != null && pos.getLineNum() > 0 && !message.contains("line " + pos.getLineNum())) {
            message += " at line " + pos.getLineNum() + ", column " + pos.getColumnNum();
        }
        Matcher nearKeyword = NEAR_KEYWORD.matcher(message);
        if (nearKeyword.lookingAt()) {
            message = "Encountered \"" + nearKeyword.group(1) + "\"" + message.substring(nearKeyword.end());
        }
        Matcher encountered = ENCOUNTERED.matcher(message);
        if (encountered.lookingAt()) {
            // PostgreSQL's wording instead of the parser generator's "Encountered ..."
            String token = encountered.group(1);
            String rest = message.substring(encountered.end());
            message = token.equals("<EOF>") ? "syntax error at end of input" + rest
                : "syntax error at or near \"" + token + "\"" + rest;
            if (GrammarWords.isReserved(token.toUpperCase(Locale.ROOT)) && expectsName(e)) {
                message += " (" + token.toUpperCase(Locale.ROOT)
                    + " is a reserved word: if it is meant as a name, write it in double quotes)";
            }
        }
        return ErrorCode.SYNTAX_ERROR.exception(e, message);
    }

    /**
     * Whether the parser would have taken a name where it failed: only then is a reserved word there likely meant as
     * one (a column named TIMESTAMP), and not the start of a clause that is out of place (a WHERE without FROM).
     */
    private static boolean expectsName(SqlParseException e) {
        return e.getExpectedTokenNames() != null && e.getExpectedTokenNames().stream()
            .anyMatch(t -> t.contains("IDENTIFIER"));
    }

    /** Calcite appends the whole list of expected tokens after the first line; keep the useful part. */
    private static String firstLine(String message) {
        if (message == null) {
            return "syntax error";
        }
        int cut = message.indexOf('\n');
        String line = cut < 0 ? message : message.substring(0, cut);
        return line.endsWith(".") ? line.substring(0, line.length() - 1) : line;
    }

    /** The word of {@code sql} that starts at {@code pos}. */
    private static String wordAt(String sql, SqlParserPos pos) {
        String[] lines = sql.split("\n", -1);
        if (pos == null || pos.getLineNum() <= 0 || pos.getLineNum() > lines.length) {
            return sql.strip().split("\\s+", 2)[0];
        }
        String line = lines[pos.getLineNum() - 1];
        int start = Math.max(0, Math.min(line.length(), pos.getColumnNum() - 1));
        int end = start;
        while (end < line.length() && !Character.isWhitespace(line.charAt(end)) && line.charAt(end) != '(') {
            end++;
        }
        return line.substring(start, end);
    }
}
