package org.verso.sql.parse;

import java.util.Locale;

/**
 * Scanning SQL text without parsing it, for the rewrites made before the parser sees a statement
 * ({@link IntervalLiterals}, {@link DistinctOn}): words, spaces, string literals, quoted identifiers, comments and
 * parentheses, as the lexer would see them.
 */
final class SqlText {
    private SqlText() {
    }

    /** The offset just past the string literal that starts at {@code start} (quotes doubled inside it). */
    static int stringEnd(String sql, int start) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == '\'') {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == '\'') {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    /**
     * The offset just past the quoted identifier or comment that starts at {@code i}, or {@code i} if none does
     * (string literals are {@link #stringEnd}'s).
     */
    static int quotedOrCommentEnd(String sql, int i) {
        if (sql.startsWith("\"", i)) {
            int close = sql.indexOf('"', i + 1);
            return close < 0 ? sql.length() : close + 1;
        }
        if (sql.startsWith("--", i)) {
            int eol = sql.indexOf('\n', i);
            return eol < 0 ? sql.length() : eol + 1;
        }
        if (sql.startsWith("/*", i)) {
            int close = sql.indexOf("*/", i + 2);
            return close < 0 ? sql.length() : close + 2;
        }
        return i;
    }

    /** The offset of the parenthesis that closes the one at {@code open}, or -1 if none does. */
    static int closingParen(String sql, int open) {
        int depth = 0;
        int i = open;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            int skipped = c == '\'' ? stringEnd(sql, i) : quotedOrCommentEnd(sql, i);
            if (skipped > i) {
                i = skipped;
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
            i++;
        }
        return -1;
    }

    static int skipSpace(String sql, int i) {
        while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The word at {@code i}, upper-cased; empty if none starts there. */
    static String wordAt(String sql, int i) {
        int end = wordEnd(sql, i);
        return sql.substring(i, end).toUpperCase(Locale.ROOT);
    }

    static int wordEnd(String sql, int i) {
        while (i < sql.length() && isWordChar(sql.charAt(i))) {
            i++;
        }
        return i;
    }

    static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /** Whether {@code word} occurs in {@code sql}, in any case: the cheap test before a rewrite's scan. */
    static boolean mentions(String sql, String word) {
        for (int i = 0; i + word.length() <= sql.length(); i++) {
            if (sql.regionMatches(true, i, word, 0, word.length())) {
                return true;
            }
        }
        return false;
    }

    /** {@code replacement}, padded with spaces to {@code originalLength} if shorter, so later positions stay. */
    static String pad(String replacement, int originalLength) {
        return replacement.length() >= originalLength ? replacement
            : replacement + " ".repeat(originalLength - replacement.length());
    }
}
