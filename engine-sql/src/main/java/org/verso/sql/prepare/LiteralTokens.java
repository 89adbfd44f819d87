package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.List;

/**
 * A lexer just fine enough to find a statement's literals without parsing it: numbers and quoted strings, told
 * apart from identifiers (plain or double-quoted), comments and everything else. Two statements with the same tokens
 * apart from their literals' values parse into the same tree, which lets {@link LiteralParameters} decide once per
 * such lexical shape which literals become parameters.
 */
final class LiteralTokens {
    /** What a token is, as far as literals go. */
    enum Kind { NUMBER, STRING, MINUS, OTHER }

    /** A token at {@code [start, end)} of the text. */
    record Token(int start, int end, Kind kind) {
        boolean isLiteral() {
            return kind == Kind.NUMBER || kind == Kind.STRING;
        }
    }

    private LiteralTokens() {
    }

    /**
     * The tokens of {@code sql}, or null if it has a dynamic parameter of its own, an unterminated quote or comment
     * (its planning reports that), or a NUL character (the mark of a literal in a lexical shape).
     */
    static List<Token> lex(String sql) {
        if (sql.indexOf('\0') >= 0) {
            return null;
        }
        List<Token> tokens = new ArrayList<>();
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int start = i;
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int close = sql.indexOf("*/", i + 2);
                if (close < 0) {
                    return null;
                }
                i = close + 2;
                continue;
            }
            if (c == '\'' || c == '"') {
                i = closingQuote(sql, i, c);
                if (i < 0) {
                    return null;
                }
                tokens.add(new Token(start, i, c == '\'' ? Kind.STRING : Kind.OTHER));
                continue;
            }
            if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(sql.charAt(i + 1)))) {
                i = numberEnd(sql, i);
                tokens.add(new Token(start, i, Kind.NUMBER));
                continue;
            }
            if (Character.isLetter(c) || c == '_' || c == '$') {
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
                    || sql.charAt(i) == '$')) {
                    i++;
                }
                tokens.add(new Token(start, i, Kind.OTHER));
                continue;
            }
            if (c == '?') {
                return null;
            }
            i++;
            tokens.add(new Token(start, i, c == '-' ? Kind.MINUS : Kind.OTHER));
        }
        return tokens;
    }

    /** The position after the quote that closes the one at {@code open} (a doubled quote is part of the text). */
    private static int closingQuote(String sql, int open, char quote) {
        int i = open + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return -1;
    }

    private static int numberEnd(String sql, int i) {
        int n = sql.length();
        while (i < n && (isDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
            i++;
        }
        if (i < n && (sql.charAt(i) == 'e' || sql.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (sql.charAt(j) == '+' || sql.charAt(j) == '-')) {
                j++;
            }
            if (j < n && isDigit(sql.charAt(j))) {
                i = j;
                while (i < n && isDigit(sql.charAt(i))) {
                    i++;
                }
            }
        }
        return i;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
