package org.verso.sql.exec.expr;

import java.util.regex.Pattern;
import org.verso.common.ErrorCode;

/**
 * Translates a SQL LIKE pattern ({@code %}, {@code _}, optional escape character) to a regular expression; ILIKE
 * compiles the same expression to match regardless of case.
 */
final class LikePattern {
    private LikePattern() {
    }

    static Pattern compile(String pattern, String escape) {
        return compile(pattern, escape, false);
    }

    static Pattern compile(String pattern, String escape, boolean ignoreCase) {
        Character esc = escapeCharacter(escape);
        StringBuilder regex = new StringBuilder(pattern.length() + 8);
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (esc != null && c == esc) {
                appendLiteral(regex, escaped(pattern, ++i));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                appendLiteral(regex, c);
            }
        }
        return Pattern.compile(regex.toString(),
            Pattern.DOTALL | (ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0));
    }

    /**
     * Appends a character that matches itself. A backslash before ASCII punctuation, rather than a {@code \Q...\E}
     * quote, so that a repetition such as SIMILAR TO's {@code a{2}} may follow it; letters, digits and other
     * characters never have a meaning of their own.
     */
    static void appendLiteral(StringBuilder regex, char c) {
        if (c < 128 && !Character.isLetterOrDigit(c)) {
            regex.append('\\');
        }
        regex.append(c);
    }

    /** The ESCAPE clause's character, or null without one; it must be a single character. */
    static Character escapeCharacter(String escape) {
        if (escape == null) {
            return null;
        }
        if (escape.length() != 1) {
            throw ErrorCode.VALIDATION_ERROR.exception("LIKE escape must be a single character: '" + escape + "'");
        }
        return escape.charAt(0);
    }

    /** The character at {@code i}, which follows an escape character; a pattern may not end with the escape. */
    static char escaped(String pattern, int i) {
        if (i >= pattern.length()) {
            throw ErrorCode.VALIDATION_ERROR.exception("LIKE pattern ends with the escape character");
        }
        return pattern.charAt(i);
    }
}
