package org.verso.sql.exec.expr;

import java.util.regex.Pattern;
import org.verso.common.ErrorCode;

/** Translates a SQL LIKE pattern ({@code %}, {@code _}, optional escape character) to a regular expression. */
final class LikePattern {
    private LikePattern() {
    }

    static Pattern compile(String pattern, String escape) {
        Character esc = null;
        if (escape != null) {
            if (escape.length() != 1) {
                throw ErrorCode.VALIDATION_ERROR.exception("LIKE escape must be a single character: '" + escape + "'");
            }
            esc = escape.charAt(0);
        }
        StringBuilder regex = new StringBuilder(pattern.length() + 8);
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (esc != null && c == esc) {
                if (++i >= pattern.length()) {
                    throw ErrorCode.VALIDATION_ERROR.exception("LIKE pattern ends with the escape character");
                }
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
