package org.verso.sql.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Splits a statement into the tokens {@link SimpleQueryParser} reads, with the positions the generated parser's
 * token manager gives them (1-based lines and columns, the end column the token's last character). It knows only
 * plain tokens: words, double-quoted names, numbers, single-quoted strings without a prefix, {@code ?} and the
 * operators of ordinary expressions. Anything else (a comment, a prefixed or continued string, {@code ::}, a
 * bracket, a character outside ASCII in a word, a carriage return) makes it decline, and the generated parser
 * reads the statement.
 */
final class SimpleQueryLexer {
    /** What a token is; punctuation has a kind of its own. */
    enum Kind {
        WORD, QUOTED_NAME, INTEGER, DECIMAL, APPROX, STRING, PARAM,
        LPAREN, RPAREN, COMMA, DOT, STAR, PLUS, MINUS, SLASH, PERCENT, CONCAT, EQ, NE, NE2, LT, LE, GT, GE, EOF
    }

    /**
     * One token: a word upper-cased, a quoted name without its quotes, a number or string as written.
     */
    record Token(Kind kind, String text, SqlParserPos pos) {
    }

    private final String sql;
    private final List<Token> tokens = new ArrayList<>();
    private int line = 1;
    /** Offset of the current line's first character. */
    private int lineStart;

    private SimpleQueryLexer(String sql) {
        this.sql = sql;
    }

    /** The statement's tokens, ending with {@link Kind#EOF}, or null if it holds anything this lexer declines. */
    static List<Token> tokens(String sql) {
        SimpleQueryLexer lexer = new SimpleQueryLexer(sql);
        return lexer.scan() ? lexer.tokens : null;
    }

    private boolean scan() {
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == ' ' || c == '\t' || c == '\f') {
                i++;
                continue;
            }
            if (c == '\n') {
                i++;
                line++;
                lineStart = i;
                continue;
            }
            int start = i;
            if (isWordStart(c)) {
                i++;
                while (i < n && isWordPart(sql.charAt(i))) {
                    i++;
                }
                if (i < n && (sql.charAt(i) == '\'' || sql.charAt(i) == '&' || sql.charAt(i) > 127)) {
                    return false; // N'...', X'...', _charset'...', U&'...', or a word with a non-ASCII letter
                }
                add(Kind.WORD, sql.substring(start, i).toUpperCase(Locale.ROOT), start, i);
                continue;
            }
            if (c >= '0' && c <= '9' || c == '.' && i + 1 < n && isDigit(sql.charAt(i + 1))) {
                i = number(start);
                if (i < 0) {
                    return false;
                }
                continue;
            }
            switch (c) {
                case '"' -> {
                    i = quotedName(start);
                    if (i < 0) {
                        return false;
                    }
                }
                case '\'' -> {
                    i = string(start);
                    if (i < 0) {
                        return false;
                    }
                }
                case '?' -> i = punctuation(Kind.PARAM, start, 1);
                case '(' -> i = punctuation(Kind.LPAREN, start, 1);
                case ')' -> i = punctuation(Kind.RPAREN, start, 1);
                case ',' -> i = punctuation(Kind.COMMA, start, 1);
                case '.' -> i = punctuation(Kind.DOT, start, 1);
                case '*' -> i = punctuation(Kind.STAR, start, 1);
                case '+' -> i = punctuation(Kind.PLUS, start, 1);
                case '%' -> i = punctuation(Kind.PERCENT, start, 1);
                case '-' -> {
                    if (next(i) == '-' || next(i) == '>') {
                        return false; // a comment, or a lambda's arrow
                    }
                    i = punctuation(Kind.MINUS, start, 1);
                }
                case '/' -> {
                    if (next(i) == '*') {
                        return false; // a comment or a hint
                    }
                    i = punctuation(Kind.SLASH, start, 1);
                }
                case '|' -> {
                    if (next(i) != '|') {
                        return false;
                    }
                    i = punctuation(Kind.CONCAT, start, 2);
                }
                case '=' -> {
                    if (next(i) == '>') {
                        return false; // a named argument
                    }
                    i = punctuation(Kind.EQ, start, 1);
                }
                case '!' -> {
                    if (next(i) != '=') {
                        return false;
                    }
                    i = punctuation(Kind.NE2, start, 2);
                }
                case '<' -> {
                    char d = next(i);
                    if (d == '<' || d == '=' && next(i + 1) == '>') {
                        return false; // a shift, or <=>
                    }
                    i = d == '>' ? punctuation(Kind.NE, start, 2)
                        : d == '=' ? punctuation(Kind.LE, start, 2) : punctuation(Kind.LT, start, 1);
                }
                case '>' -> {
                    char d = next(i);
                    if (d == '>') {
                        return false;
                    }
                    i = d == '=' ? punctuation(Kind.GE, start, 2) : punctuation(Kind.GT, start, 1);
                }
                default -> {
                    return false;
                }
            }
        }
        add(Kind.EOF, "", n, n);
        return true;
    }

    private char next(int i) {
        return i + 1 < sql.length() ? sql.charAt(i + 1) : 0;
    }

    private int punctuation(Kind kind, int start, int length) {
        add(kind, null, start, start + length);
        return start + length;
    }

    /**
     * An unsigned number: digits; digits with a point, or a point and digits (a decimal); either with an exponent
     * (an approximate number). A letter right after it declines, as the token manager would split it differently.
     */
    private int number(int start) {
        int n = sql.length();
        int i = start;
        while (i < n && isDigit(sql.charAt(i))) {
            i++;
        }
        Kind kind = Kind.INTEGER;
        if (i < n && sql.charAt(i) == '.') {
            kind = Kind.DECIMAL;
            i++;
            while (i < n && isDigit(sql.charAt(i))) {
                i++;
            }
        }
        if (i < n && (sql.charAt(i) == 'e' || sql.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (sql.charAt(j) == '+' || sql.charAt(j) == '-')) {
                j++;
            }
            if (j >= n || !isDigit(sql.charAt(j))) {
                return -1;
            }
            while (j < n && isDigit(sql.charAt(j))) {
                j++;
            }
            kind = Kind.APPROX;
            i = j;
        }
        if (i < n && (isWordPart(sql.charAt(i)) || sql.charAt(i) == '.' || sql.charAt(i) == '\'')) {
            return -1;
        }
        add(kind, sql.substring(start, i), start, i);
        return i;
    }

    /**
     * The index of the quote that closes the one at {@code start} (two quotes in a row stand for one), or -1 if the
     * line ends first.
     */
    private int closingQuote(int start) {
        char quote = sql.charAt(start);
        int i = start + 1;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\n' || c == '\r') {
                return -1;
            }
            if (c == quote) {
                if (next(i) != quote) {
                    return i;
                }
                i++;
            }
            i++;
        }
        return -1;
    }

    /** A double-quoted name on one line; its text is the name. */
    private int quotedName(int start) {
        int end = closingQuote(start);
        if (end <= start + 1) {
            return -1; // unterminated, or empty
        }
        add(Kind.QUOTED_NAME, sql.substring(start + 1, end).replace("\"\"", "\""), start, end + 1);
        return end + 1;
    }

    /** A single-quoted string on one line; its text is the token as written, quotes included. */
    private int string(int start) {
        int end = closingQuote(start);
        if (end < 0) {
            return -1;
        }
        add(Kind.STRING, sql.substring(start, end + 1), start, end + 1);
        return end + 1;
    }

    /** Adds a token of characters {@code [start, end)}, all on the current line. */
    private void add(Kind kind, String text, int start, int end) {
        int column = start - lineStart + 1;
        int endColumn = Math.max(column, end - lineStart);
        tokens.add(new Token(kind, text, new SqlParserPos(line, column, line, endColumn)));
    }

    private static boolean isWordStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$';
    }

    private static boolean isWordPart(char c) {
        return isWordStart(c) || isDigit(c);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
