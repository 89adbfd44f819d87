package org.verso.sql.exec.expr;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.verso.common.ErrorCode;

/**
 * PostgreSQL's string functions by name, each as PostgreSQL 15 computes it: LEFT, RIGHT, REPEAT, LPAD, RPAD, REVERSE,
 * SPLIT_PART, STARTS_WITH, STRPOS, TRANSLATE, INITCAP, ASCII, CHR, MD5, OVERLAY, OCTET_LENGTH and REGEXP_REPLACE
 * (its patterns as Java's regular expressions read them, which for the common ones is as PostgreSQL's do). A NULL
 * argument gives NULL; lengths and positions count characters (code points), not Java chars. Counts beyond what a
 * string can hold are 54000, a zero SPLIT_PART field 22023, as in PostgreSQL.
 */
final class StringFunctions {
    // A result longer than this is refused before it is built (PostgreSQL's limit is 1 GB; a Java array's is near 2^31).
    private static final long MAX_LENGTH = Integer.MAX_VALUE / 2;

    private static final Map<String, Function<Object[], Object>> FUNCTIONS = Map.ofEntries(
        Map.entry("LEFT", a -> left(text(a[0]), count(a[1]))),
        Map.entry("RIGHT", a -> right(text(a[0]), count(a[1]))),
        Map.entry("REPEAT", a -> repeat(text(a[0]), count(a[1]))),
        Map.entry("LPAD", a -> pad(text(a[0]), count(a[1]), a.length > 2 ? text(a[2]) : " ", true)),
        Map.entry("RPAD", a -> pad(text(a[0]), count(a[1]), a.length > 2 ? text(a[2]) : " ", false)),
        Map.entry("REVERSE", a -> new StringBuilder(text(a[0])).reverse().toString()), // keeps surrogate pairs
        Map.entry("SPLIT_PART", a -> splitPart(text(a[0]), text(a[1]), count(a[2]))),
        Map.entry("STARTS_WITH", a -> text(a[0]).startsWith(text(a[1]))),
        Map.entry("STRPOS", a -> position(text(a[1]), text(a[0]))),
        Map.entry("TRANSLATE3", a -> translate(text(a[0]), text(a[1]), text(a[2]))),
        Map.entry("INITCAP", a -> initcap(text(a[0]))),
        Map.entry("ASCII", a -> text(a[0]).isEmpty() ? 0 : text(a[0]).codePointAt(0)),
        Map.entry("CHR", a -> chr(((Number) a[0]).longValue())),
        Map.entry("MD5", a -> md5(bytes(a[0]))),
        Map.entry("OVERLAY", a -> overlay(text(a[0]), text(a[1]), count(a[2]),
            a.length > 3 ? count(a[3]) : length(text(a[1])))),
        Map.entry("OCTET_LENGTH", a -> bytes(a[0]).length),
        Map.entry("REGEXP_REPLACE", a -> regexpReplace(text(a[0]), text(a[1]), text(a[2]),
            a.length > 3 ? text(a[3]) : "")));

    /** Compiled patterns of REGEXP_REPLACE by their text and flags; cleared when it grows past its bound. */
    private static final java.util.concurrent.ConcurrentHashMap<String, Pattern> PATTERNS =
        new java.util.concurrent.ConcurrentHashMap<>();

    private StringFunctions() {
    }

    /** The function of this (upper-case) name over the compiled arguments, or null if it is not one of these. */
    static Expr compile(String name, Expr[] arguments) {
        Function<Object[], Object> f = FUNCTIONS.get(name);
        return f == null ? null : strict(arguments, f);
    }

    /** POSITION(needle IN haystack), STRPOS(haystack, needle): the 1-based character position, 0 if absent. */
    static int position(String needle, String haystack) {
        int at = haystack.indexOf(needle);
        return at < 0 ? 0 : haystack.codePointCount(0, at) + 1;
    }

    private static Expr strict(Expr[] arguments, Function<Object[], Object> f) {
        return (row, ctx) -> {
            Object[] values = new Object[arguments.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = arguments[i].eval(row, ctx);
                if (values[i] == null) {
                    return null;
                }
            }
            return f.apply(values);
        };
    }

    private static String text(Object value) {
        return (String) value;
    }

    /** An integer argument; one beyond INTEGER's range is clamped, which gives the same result for every use here. */
    private static int count(Object value) {
        long n = ((Number) value).longValue();
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, n));
    }

    private static byte[] bytes(Object value) {
        return value instanceof byte[] b ? b : text(value).getBytes(StandardCharsets.UTF_8);
    }

    private static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /** The characters from {@code from} (0-based, clipped to the string) up to {@code to} (exclusive, clipped). */
    private static String slice(String s, long from, long to) {
        int n = length(s);
        int b = (int) Math.max(0, Math.min(from, n));
        int e = (int) Math.max(b, Math.min(to, n));
        return s.substring(s.offsetByCodePoints(0, b), s.offsetByCodePoints(0, e));
    }

    /** The first n characters; a negative n drops the last -n instead. */
    private static String left(String s, int n) {
        return slice(s, 0, n >= 0 ? n : (long) length(s) + n);
    }

    /** The last n characters; a negative n drops the first -n instead. */
    private static String right(String s, int n) {
        int len = length(s);
        return slice(s, n >= 0 ? (long) len - n : -(long) n, len);
    }

    private static String repeat(String s, int n) {
        if (n <= 0 || s.isEmpty()) {
            return "";
        }
        checkLength((long) s.length() * n);
        return s.repeat(n);
    }

    /** LPAD and RPAD: the string filled to {@code length} characters, or cut to it from the right. */
    private static String pad(String s, int length, String fill, boolean leading) {
        if (length <= 0) {
            return "";
        }
        int have = length(s);
        if (have >= length || fill.isEmpty()) {
            return slice(s, 0, length);
        }
        checkLength(length);
        int missing = length - have;
        int[] fillCodes = fill.codePoints().toArray();
        StringBuilder padding = new StringBuilder(missing);
        for (int i = 0; i < missing; i++) {
            padding.appendCodePoint(fillCodes[i % fillCodes.length]);
        }
        return leading ? padding.append(s).toString() : s + padding;
    }

    /**
     * REGEXP_REPLACE(source, pattern, replacement [, flags]): the first match replaced, or every match with flag
     * {@code g}; {@code i} ignores case, {@code c} respects it, {@code n} makes {@code ^} and {@code $} match at line
     * breaks and {@code .} not match them, {@code s} undoes {@code n}, {@code x} allows blanks and comments. In the
     * replacement, {@code \1} to {@code \9} are the groups and {@code \&} the whole match, as in PostgreSQL.
     */
    private static String regexpReplace(String source, String pattern, String replacement, String flags) {
        boolean global = false;
        int options = 0;
        for (char flag : flags.toCharArray()) {
            switch (flag) {
                case 'g' -> global = true;
                case 'i' -> options |= Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
                case 'c' -> options &= ~(Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
                case 'n', 'm' -> options = options & ~Pattern.DOTALL | Pattern.MULTILINE;
                case 's' -> options = options & ~Pattern.MULTILINE | Pattern.DOTALL;
                case 'x' -> options |= Pattern.COMMENTS;
                default -> throw ErrorCode.INVALID_ARGUMENT.exception("invalid regular expression option: \""
                    + flag + "\"");
            }
        }
        if ((options & Pattern.MULTILINE) == 0) {
            options |= Pattern.DOTALL; // PostgreSQL's . matches a line break unless n is given
        }
        Pattern compiled = compiledPattern(pattern, options);
        java.util.regex.Matcher m = compiled.matcher(source);
        String javaReplacement = javaReplacement(replacement);
        return global ? m.replaceAll(javaReplacement) : m.replaceFirst(javaReplacement);
    }

    /**
     * PostgreSQL's {@code ~}, {@code ~*}, {@code !~} and {@code !~*}: whether the pattern matches anywhere in the
     * string (ignoring case, or negated); a line break is matched by {@code .}, as in PostgreSQL.
     */
    static Expr regexMatch(Expr string, Expr pattern, boolean ignoreCase, boolean negated) {
        int options = Pattern.DOTALL | (ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
        return strict(new Expr[] {string, pattern},
            a -> compiledPattern(text(a[1]), options).matcher(text(a[0])).find() != negated);
    }

    private static Pattern compiledPattern(String pattern, int options) {
        String key = options + ":" + pattern;
        Pattern compiled = PATTERNS.get(key);
        if (compiled == null) {
            try {
                compiled = Pattern.compile(pattern, options);
            } catch (java.util.regex.PatternSyntaxException e) {
                throw ErrorCode.INVALID_REGULAR_EXPRESSION.exception(pattern, e.getDescription());
            }
            if (PATTERNS.size() > 256) {
                PATTERNS.clear();
            }
            PATTERNS.put(key, compiled);
        }
        return compiled;
    }

    /** PostgreSQL's replacement text ({@code \n} a group, {@code \&} the whole match) in Java's syntax. */
    private static String javaReplacement(String replacement) {
        StringBuilder out = new StringBuilder(replacement.length() + 8);
        for (int i = 0; i < replacement.length(); i++) {
            char c = replacement.charAt(i);
            if (c == '\\' && i + 1 < replacement.length()) {
                char next = replacement.charAt(++i);
                if (next >= '1' && next <= '9') {
                    out.append('$').append(next);
                } else if (next == '&') {
                    out.append("$0");
                } else {
                    out.append(java.util.regex.Matcher.quoteReplacement(String.valueOf(next)));
                }
            } else {
                out.append(java.util.regex.Matcher.quoteReplacement(String.valueOf(c)));
            }
        }
        return out.toString();
    }

    private static void checkLength(long length) {
        if (length > MAX_LENGTH) {
            throw ErrorCode.ARGUMENT_LIMIT_EXCEEDED.exception("requested length too large: " + length);
        }
    }

    /** Field {@code n} of the string split at each delimiter, counted from the end when negative; '' past the end. */
    private static String splitPart(String s, String delimiter, int n) {
        if (n == 0) {
            throw ErrorCode.INVALID_ARGUMENT.exception("field position must not be zero");
        }
        if (s.isEmpty()) {
            return "";
        }
        if (delimiter.isEmpty()) {
            return n == 1 || n == -1 ? s : ""; // the whole string is the only field
        }
        String[] fields = s.split(Pattern.quote(delimiter), -1);
        int index = n > 0 ? n - 1 : fields.length + n;
        return index >= 0 && index < fields.length ? fields[index] : "";
    }

    /** Each character of {@code from} replaced by the one at its position in {@code to}, or removed if there is none. */
    private static String translate(String s, String from, String to) {
        int[] source = from.codePoints().toArray();
        int[] target = to.codePoints().toArray();
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(c -> {
            int i = 0;
            while (i < source.length && source[i] != c) {
                i++; // the first occurrence in from decides, as in PostgreSQL
            }
            if (i == source.length) {
                sb.appendCodePoint(c);
            } else if (i < target.length) {
                sb.appendCodePoint(target[i]);
            }
        });
        return sb.toString();
    }

    /** The first letter of each word in upper case, the others in lower; words are runs of letters and digits. */
    private static String initcap(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        boolean inWord = false;
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            sb.appendCodePoint(inWord ? Character.toLowerCase(c) : Character.toUpperCase(c));
            inWord = Character.isLetterOrDigit(c);
            i += Character.charCount(c);
        }
        return sb.toString();
    }

    /** The character with this code point; 0, surrogates and numbers beyond Unicode are 54000, as in PostgreSQL. */
    private static String chr(long code) {
        if (code < 0) {
            throw ErrorCode.ARGUMENT_LIMIT_EXCEEDED.exception("character number must be positive");
        }
        if (code == 0) {
            throw ErrorCode.ARGUMENT_LIMIT_EXCEEDED.exception("null character not permitted");
        }
        if (code > Character.MAX_CODE_POINT) {
            throw ErrorCode.ARGUMENT_LIMIT_EXCEEDED.exception("requested character too large for encoding: " + code);
        }
        if (code >= Character.MIN_SURROGATE && code <= Character.MAX_SURROGATE) {
            throw ErrorCode.ARGUMENT_LIMIT_EXCEEDED.exception("requested character not valid for encoding: " + code);
        }
        return Character.toString((int) code);
    }

    /** The MD5 digest of the string's UTF-8 bytes (or of binary data) in lower-case hexadecimal. */
    private static String md5(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }

    /** OVERLAY(s PLACING r FROM start FOR count): s with {@code count} characters from {@code start} replaced by r. */
    private static String overlay(String s, String replacement, int start, int count) {
        if (start < 1 || count < 0) {
            // PostgreSQL computes OVERLAY from two substrings, and reports their negative lengths
            throw ErrorCode.VALIDATION_ERROR.exception("negative substring length not allowed");
        }
        return slice(s, 0, start - 1L) + replacement + slice(s, (long) start - 1 + count, Integer.MAX_VALUE);
    }
}
