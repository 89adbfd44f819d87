package org.verso.sql.exec.expr;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.verso.common.ErrorCode;

/** Evaluators of the string operators; a NULL operand gives NULL. */
final class StringExprs {
    private StringExprs() {
    }

    /** The parts joined; a NULL part makes the result NULL, or adds nothing if {@code skipNulls}. */
    static Expr concat(Expr[] parts, boolean skipNulls) {
        return (row, ctx) -> {
            StringBuilder sb = new StringBuilder();
            for (Expr part : parts) {
                Object v = part.eval(row, ctx);
                if (v == null) {
                    if (skipNulls) {
                        continue;
                    }
                    return null;
                }
                sb.append(v);
            }
            return sb.toString();
        };
    }

    /**
     * PostgreSQL's CONCAT_WS(separator, value, ...): the values that are not NULL joined by the separator; NULL if
     * the separator is.
     */
    static Expr concatWithSeparator(Expr[] arguments) {
        return (row, ctx) -> {
            Object separator = arguments[0].eval(row, ctx);
            if (separator == null) {
                return null;
            }
            StringBuilder sb = new StringBuilder();
            boolean first = true;
            for (int i = 1; i < arguments.length; i++) {
                Object v = arguments[i].eval(row, ctx);
                if (v != null) {
                    if (!first) {
                        sb.append(separator);
                    }
                    sb.append(v);
                    first = false;
                }
            }
            return sb.toString();
        };
    }

    static Expr map(Expr operand, UnaryOperator<String> f) {
        return (row, ctx) -> {
            Object v = operand.eval(row, ctx);
            return v == null ? null : f.apply((String) v);
        };
    }

    static Expr length(Expr operand) {
        return (row, ctx) -> {
            Object v = operand.eval(row, ctx);
            return v == null ? null : ((String) v).codePointCount(0, ((String) v).length());
        };
    }

    /** SUBSTRING(s FROM start [FOR length]) with a 1-based start, clipped to the string as SQL requires. */
    static Expr substring(Expr string, Expr start, Expr length) {
        return (row, ctx) -> {
            Object s = string.eval(row, ctx);
            Object from = start.eval(row, ctx);
            Object len = length == null ? Integer.MAX_VALUE : length.eval(row, ctx);
            if (s == null || from == null || len == null) {
                return null;
            }
            String text = (String) s;
            long first = ((Number) from).longValue();
            long count = ((Number) len).longValue();
            if (count < 0) {
                throw ErrorCode.VALIDATION_ERROR.exception("negative substring length " + count);
            }
            long end = length == null ? Long.MAX_VALUE : first + count;
            int b = (int) Math.min(Math.max(first - 1, 0), text.length());
            int e = (int) Math.min(Math.max(end - 1, b), text.length());
            return text.substring(b, e);
        };
    }

    /** TRIM: removes the characters of {@code chars} from the start and/or the end of the string. */
    static Expr trim(boolean leading, boolean trailing, Expr chars, Expr string) {
        return (row, ctx) -> {
            Object s = string.eval(row, ctx);
            Object c = chars.eval(row, ctx);
            if (s == null || c == null) {
                return null;
            }
            String text = (String) s;
            String remove = (String) c;
            int start = 0;
            int end = text.length();
            while (leading && start < end && remove.indexOf(text.charAt(start)) >= 0) {
                start++;
            }
            while (trailing && end > start && remove.indexOf(text.charAt(end - 1)) >= 0) {
                end--;
            }
            return text.substring(start, end);
        };
    }

    /** Compiles a pattern and its escape (null without one) to a regular expression. */
    @FunctionalInterface
    interface PatternCompiler {
        Pattern compile(String pattern, String escape);
    }

    private record CompiledPattern(String pattern, String escape, Pattern compiled) {
    }

    /**
     * [NOT] LIKE, ILIKE and SIMILAR TO: whether the value matches the pattern; {@code fixed} is the precompiled
     * pattern when it is a literal without escape, else null.
     */
    static Expr matches(Expr value, Expr pattern, Expr escape, Pattern fixed, PatternCompiler compiler,
                        boolean negated) {
        // A pattern given as a parameter is the same for every row of an execution: compile it once, not per row.
        // The plan is shared between threads, so the last compiled pattern is kept in an immutable holder.
        AtomicReference<CompiledPattern> last = new AtomicReference<>();
        return (row, ctx) -> {
            Object v = value.eval(row, ctx);
            if (v == null) {
                return null;
            }
            Pattern p = fixed;
            if (p == null) {
                Object pat = pattern.eval(row, ctx);
                Object esc = escape == null ? null : escape.eval(row, ctx);
                if (pat == null || (escape != null && esc == null)) {
                    return null;
                }
                CompiledPattern cached = last.get();
                if (cached == null || !cached.pattern().equals(pat) || !Objects.equals(cached.escape(), esc)) {
                    cached = new CompiledPattern((String) pat, (String) esc,
                        compiler.compile((String) pat, (String) esc));
                    last.set(cached);
                }
                p = cached.compiled();
            }
            return p.matcher((String) v).matches() != negated;
        };
    }
}
