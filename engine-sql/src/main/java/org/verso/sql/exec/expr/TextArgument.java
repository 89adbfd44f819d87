package org.verso.sql.exec.expr;

import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A function of a value and a text argument that says what to do with it (DATE_TRUNC's unit, DATE_PART's field,
 * TO_CHAR's template): the text is read once where it is a literal, and for every row otherwise. NULL in either
 * gives NULL.
 */
final class TextArgument {
    private TextArgument() {
    }

    /**
     * @param value   the value's expression
     * @param text    the text argument's expression
     * @param literal the text argument where it is a literal, else null
     * @param read    what the text says (it fails with the function's own error for text it does not know)
     * @param apply   the function of what the text says and a value that is not NULL
     */
    static <T> Expr of(Expr value, Expr text, String literal, Function<String, T> read,
                       BiFunction<T, Object, Object> apply) {
        T fixed = literal == null ? null : read.apply(literal);
        return (row, ctx) -> {
            T argument = fixed;
            if (argument == null) {
                Object t = text.eval(row, ctx);
                if (t == null) {
                    return null;
                }
                argument = read.apply((String) t);
            }
            Object v = value.eval(row, ctx);
            return v == null ? null : apply.apply(argument, v);
        };
    }
}
