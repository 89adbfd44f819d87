package org.verso.sql.exec.expr;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.verso.common.ErrorCode;

/**
 * Translates a SQL SIMILAR TO pattern to a Java regular expression that must match the whole string. As in the
 * standard and PostgreSQL, {@code %} and {@code _} are LIKE's wildcards; {@code |}, {@code *}, {@code +}, {@code ?},
 * {@code {m,n}}, parentheses and bracket expressions ({@code [a-z]}, {@code [^0-9]}) are regular-expression syntax;
 * every other character, {@code .} included, stands for itself, and so does a character after the escape. As with
 * LIKE, there is no escape character unless ESCAPE names one. A pattern Java cannot compile (an unbalanced
 * parenthesis, a bad repetition) fails with 2201B, PostgreSQL's invalid_regular_expression.
 */
final class SimilarPattern {
    private SimilarPattern() {
    }

    static Pattern compile(String pattern, String escape) {
        Character esc = LikePattern.escapeCharacter(escape);
        StringBuilder regex = new StringBuilder(pattern.length() + 16);
        boolean inBrackets = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (esc != null && c == esc) {
                LikePattern.appendLiteral(regex, LikePattern.escaped(pattern, ++i));
            } else if (inBrackets) {
                if (c == ']' && !bracketJustOpened(pattern, i)) {
                    inBrackets = false;
                    regex.append(c);
                } else if (c == '\\' || c == '[' || c == '&') {
                    // Java gives these a meaning inside brackets (escapes, unions, intersections); SQL does not
                    regex.append('\\').append(c);
                } else {
                    regex.append(c);
                }
            } else {
                switch (c) {
                    case '%' -> regex.append(".*");
                    case '_' -> regex.append('.');
                    case '(' -> regex.append("(?:");
                    // a comma means itself in both languages, and separates a repetition's bounds
                    case '|', '*', '+', '?', '{', '}', ')', ',' -> regex.append(c);
                    case '[' -> {
                        inBrackets = true;
                        regex.append(c);
                    }
                    default -> LikePattern.appendLiteral(regex, c);
                }
            }
        }
        try {
            return Pattern.compile(regex.toString(), Pattern.DOTALL);
        } catch (PatternSyntaxException e) {
            throw ErrorCode.INVALID_REGULAR_EXPRESSION.exception(pattern, e.getDescription());
        }
    }

    /** Whether the {@code ]} at {@code i} is the first member of its bracket expression, so a literal. */
    private static boolean bracketJustOpened(String pattern, int i) {
        int open = i - 1;
        if (open >= 0 && pattern.charAt(open) == '^') {
            open--;
        }
        return open >= 0 && pattern.charAt(open) == '[';
    }
}
