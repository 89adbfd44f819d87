package org.verso.sql.parse;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.verso.common.ErrorCode;

/**
 * PostgreSQL's interval literals, {@code INTERVAL '1 day'}, {@code INTERVAL '2 hours 30 minutes'} and
 * {@code '90 minutes'::interval}, rewritten into the standard's, which Calcite's grammar parses: {@code INTERVAL
 * '1' DAY}, {@code INTERVAL '0 02:30:00' DAY(9) TO SECOND(6)}. The grammar takes an interval's unit only after
 * its string, and the template the parser is generated from has no place to add another form, so the statement's
 * text is rewritten before it is parsed; a rewrite never shorter than the original is padded with spaces, so the
 * positions of later tokens stay as written.
 *
 * <p>The string holds one or more {@code quantity unit} pairs (units as PostgreSQL spells them: {@code years},
 * {@code mons}, {@code weeks}, {@code d}, {@code hours}, {@code min}, {@code secs}, {@code ms}, ...), a time
 * {@code [-]HH:MM[:SS[.ffffff]]}, or a number of seconds alone, and may end in {@code ago}, which negates it. Years
 * and months make a year-month interval, the rest a day-time one; one literal cannot hold both (0A000), nor a
 * fraction of a month. A string that is none of these fails with 22007, as PostgreSQL's input does.
 * {@code INTERVAL '1' DAY} and the other forms of the standard are left as they are.
 */
final class IntervalLiterals {
    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final long MICROS_PER_DAY = 86_400L * MICROS_PER_SECOND;

    /** Microseconds per day-time unit. */
    private static final Map<String, Long> DAY_TIME = Map.ofEntries(
        Map.entry("microsecond", 1L), Map.entry("microseconds", 1L), Map.entry("us", 1L), Map.entry("usec", 1L),
        Map.entry("usecs", 1L), Map.entry("millisecond", 1_000L), Map.entry("milliseconds", 1_000L),
        Map.entry("ms", 1_000L), Map.entry("msec", 1_000L), Map.entry("msecs", 1_000L),
        Map.entry("second", MICROS_PER_SECOND), Map.entry("seconds", MICROS_PER_SECOND),
        Map.entry("sec", MICROS_PER_SECOND), Map.entry("secs", MICROS_PER_SECOND), Map.entry("s", MICROS_PER_SECOND),
        Map.entry("minute", 60 * MICROS_PER_SECOND), Map.entry("minutes", 60 * MICROS_PER_SECOND),
        Map.entry("min", 60 * MICROS_PER_SECOND), Map.entry("mins", 60 * MICROS_PER_SECOND),
        Map.entry("m", 60 * MICROS_PER_SECOND), Map.entry("hour", 3_600 * MICROS_PER_SECOND),
        Map.entry("hours", 3_600 * MICROS_PER_SECOND), Map.entry("hr", 3_600 * MICROS_PER_SECOND),
        Map.entry("hrs", 3_600 * MICROS_PER_SECOND), Map.entry("h", 3_600 * MICROS_PER_SECOND),
        Map.entry("day", MICROS_PER_DAY), Map.entry("days", MICROS_PER_DAY), Map.entry("d", MICROS_PER_DAY),
        Map.entry("week", 7 * MICROS_PER_DAY), Map.entry("weeks", 7 * MICROS_PER_DAY),
        Map.entry("w", 7 * MICROS_PER_DAY));

    /** Months per year-month unit. */
    private static final Map<String, Long> YEAR_MONTH = Map.ofEntries(
        Map.entry("month", 1L), Map.entry("months", 1L), Map.entry("mon", 1L), Map.entry("mons", 1L),
        Map.entry("year", 12L), Map.entry("years", 12L), Map.entry("yr", 12L), Map.entry("yrs", 12L),
        Map.entry("y", 12L), Map.entry("decade", 120L), Map.entry("decades", 120L), Map.entry("century", 1_200L),
        Map.entry("centuries", 1_200L), Map.entry("millennium", 12_000L), Map.entry("millennia", 12_000L));

    /** Words that after {@code INTERVAL 'string'} make it the standard's form, which is left as it is. */
    private static final Set<String> STANDARD_UNITS = Set.of("YEAR", "YEARS", "QUARTER", "QUARTERS", "MONTH",
        "MONTHS", "WEEK", "WEEKS", "DAY", "DAYS", "HOUR", "HOURS", "MINUTE", "MINUTES", "SECOND", "SECONDS",
        "MILLISECOND", "MILLISECONDS", "MICROSECOND", "MICROSECONDS", "NANOSECOND", "NANOSECONDS", "DOW", "DOY",
        "EPOCH", "DECADE", "CENTURY", "MILLENNIUM", "ISODOW", "ISOYEAR", "SQL_TSI_DAY");

    private IntervalLiterals() {
    }

    /** {@code sql} with its PostgreSQL interval literals in the standard's form; {@code sql} itself if it has none. */
    static String rewrite(String sql) {
        if (!mentionsInterval(sql)) {
            return sql;
        }
        StringBuilder out = null;
        int copied = 0;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'') {
                int end = SqlText.stringEnd(sql, i);
                int after = SqlText.skipSpace(sql, end);
                if (sql.startsWith("::", after)
                    && SqlText.wordAt(sql, SqlText.skipSpace(sql, after + 2)).equals("INTERVAL")) {
                    // 'text'::interval
                    int castEnd = SqlText.skipSpace(sql, after + 2) + "INTERVAL".length();
                    String literal = standard(sql.substring(i + 1, end - 1).replace("''", "'"), false);
                    out = append(out, sql, copied, i, SqlText.pad("INTERVAL " + literal, castEnd - i));
                    copied = castEnd;
                    i = castEnd;
                    continue;
                }
                i = end;
            } else if (SqlText.quotedOrCommentEnd(sql, i) > i) {
                i = SqlText.quotedOrCommentEnd(sql, i);
            } else if (SqlText.isWordChar(c)) {
                int end = SqlText.wordEnd(sql, i);
                if (end - i == "INTERVAL".length() && sql.regionMatches(true, i, "INTERVAL", 0, end - i)
                    && (i == 0 || !SqlText.isWordChar(sql.charAt(i - 1)))) {
                    int at = SqlText.skipSpace(sql, end);
                    boolean negative = false;
                    if (at < n && (sql.charAt(at) == '-' || sql.charAt(at) == '+') && !sql.startsWith("--", at)) {
                        negative = sql.charAt(at) == '-';
                        at = SqlText.skipSpace(sql, at + 1);
                    }
                    if (at < n && sql.charAt(at) == '\'') {
                        int stringEnd = SqlText.stringEnd(sql, at);
                        String next = SqlText.wordAt(sql, SqlText.skipSpace(sql, stringEnd));
                        if (!STANDARD_UNITS.contains(next)) {
                            String literal = standard(sql.substring(at + 1, stringEnd - 1).replace("''", "'"),
                                negative);
                            out = append(out, sql, copied, i, SqlText.pad("INTERVAL " + literal, stringEnd - i));
                            copied = stringEnd;
                            i = stringEnd;
                            continue;
                        }
                    }
                }
                i = end;
            } else {
                i++;
            }
        }
        return out == null ? sql : out.append(sql, copied, n).toString();
    }

    /** The standard literal (after {@code INTERVAL}) for PostgreSQL's interval text. */
    static String standard(String text, boolean negated) {
        String[] words = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
        int count = words.length;
        boolean ago = count > 1 && words[count - 1].equals("ago");
        if (ago) {
            count--;
        }
        if (count == 0 || words[0].isEmpty()) {
            throw invalid(text);
        }
        BigInteger months = BigInteger.ZERO;
        BigDecimal micros = BigDecimal.ZERO;
        boolean sawMonths = false;
        boolean sawDayTime = false;
        String singleUnit = null;
        BigDecimal singleValue = null;
        int parts = 0;
        for (int w = 0; w < count; w++) {
            String word = words[w];
            if (word.indexOf(':') >= 0) {
                micros = micros.add(time(word, text));
                sawDayTime = true;
                parts++;
                singleUnit = null;
                continue;
            }
            // A number, then its unit: in the next word, or run together with it ("10min").
            int split = numberEnd(word);
            if (split == 0) {
                throw invalid(text);
            }
            BigDecimal value = number(word.substring(0, split), text);
            String unit = split < word.length() ? word.substring(split) : w + 1 < count
                && !words[w + 1].isEmpty() && !isNumberStart(words[w + 1].charAt(0)) ? words[++w] : "s";
            parts++;
            Long perMonth = YEAR_MONTH.get(unit);
            Long perMicro = DAY_TIME.get(unit);
            if (perMonth != null) {
                BigDecimal total = value.multiply(BigDecimal.valueOf(perMonth));
                if (total.stripTrailingZeros().scale() > 0) {
                    throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("an interval of a fraction of a month ('"
                        + text + "')");
                }
                months = months.add(total.toBigIntegerExact());
                sawMonths = true;
            } else if (perMicro != null) {
                micros = micros.add(value.multiply(BigDecimal.valueOf(perMicro)));
                sawDayTime = true;
            } else {
                throw invalid(text);
            }
            singleUnit = unit;
            singleValue = value;
        }
        boolean negative = negated ^ ago;
        if (sawMonths && sawDayTime) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("an interval of months and days or time together ('"
                + text + "'): write it as the sum of two intervals");
        }
        if (parts == 1 && singleUnit != null && singleValue.stripTrailingZeros().scale() <= 0) {
            String field = field(singleUnit);
            if (field != null) {
                BigInteger whole = singleValue.toBigIntegerExact();
                if (field.equals("WEEK")) {
                    whole = whole.multiply(BigInteger.valueOf(7));
                    field = "DAY";
                }
                return "'" + (negative ? whole.negate() : whole) + "' " + field;
            }
        }
        if (sawMonths) {
            BigInteger total = negative ? months.negate() : months;
            BigInteger[] yearsAndMonths = total.abs().divideAndRemainder(BigInteger.valueOf(12));
            return "'" + (total.signum() < 0 ? "-" : "") + yearsAndMonths[0] + "-" + yearsAndMonths[1]
                + "' YEAR(9) TO MONTH";
        }
        BigInteger total = micros.setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
        if (negative) {
            total = total.negate();
        }
        BigInteger[] daysAndRest = total.abs().divideAndRemainder(BigInteger.valueOf(MICROS_PER_DAY));
        long rest = daysAndRest[1].longValueExact();
        long seconds = rest / MICROS_PER_SECOND;
        return String.format(Locale.ROOT, "'%s%s %02d:%02d:%02d.%06d' DAY(9) TO SECOND(6)",
            total.signum() < 0 ? "-" : "", daysAndRest[0], seconds / 3_600, seconds / 60 % 60, seconds % 60,
            rest % MICROS_PER_SECOND);
    }

    /** The standard's field for a whole number of one of PostgreSQL's units, or null where none fits exactly. */
    private static String field(String unit) {
        Long perMonth = YEAR_MONTH.get(unit);
        if (perMonth != null) {
            return perMonth == 1 ? "MONTH" : perMonth == 12 ? "YEAR" : null;
        }
        long perMicro = DAY_TIME.get(unit);
        if (perMicro == MICROS_PER_SECOND) {
            return "SECOND";
        }
        if (perMicro == 60 * MICROS_PER_SECOND) {
            return "MINUTE";
        }
        if (perMicro == 3_600 * MICROS_PER_SECOND) {
            return "HOUR";
        }
        if (perMicro == MICROS_PER_DAY) {
            return "DAY";
        }
        return perMicro == 7 * MICROS_PER_DAY ? "WEEK" : null;
    }

    /** {@code [-]HH:MM[:SS[.ffffff]]} in microseconds. */
    private static BigDecimal time(String word, String text) {
        boolean negative = word.startsWith("-");
        String[] fields = (negative || word.startsWith("+") ? word.substring(1) : word).split(":", -1);
        if (fields.length < 2 || fields.length > 3) {
            throw invalid(text);
        }
        BigDecimal hours = number(fields[0], text);
        BigDecimal minutes = number(fields[1], text);
        BigDecimal seconds = fields.length == 3 ? number(fields[2], text) : BigDecimal.ZERO;
        BigDecimal total = hours.multiply(BigDecimal.valueOf(3_600)).add(minutes.multiply(BigDecimal.valueOf(60)))
            .add(seconds).multiply(BigDecimal.valueOf(MICROS_PER_SECOND));
        return negative ? total.negate() : total;
    }

    private static BigDecimal number(String digits, String text) {
        try {
            return new BigDecimal(digits);
        } catch (NumberFormatException e) {
            throw invalid(text);
        }
    }

    /** Where the leading number of {@code word} ends (0 if it starts with none). */
    private static int numberEnd(String word) {
        int i = 0;
        if (i < word.length() && (word.charAt(i) == '-' || word.charAt(i) == '+')) {
            i++;
        }
        int digits = 0;
        while (i < word.length() && (Character.isDigit(word.charAt(i)) || word.charAt(i) == '.')) {
            i++;
            digits++;
        }
        return digits == 0 ? 0 : i;
    }

    private static boolean isNumberStart(char c) {
        return Character.isDigit(c) || c == '-' || c == '+' || c == '.';
    }

    private static RuntimeException invalid(String text) {
        return ErrorCode.INVALID_DATETIME.exception("'" + text + "' for an interval");
    }

    /** Whether the statement has a string and the word INTERVAL somewhere: the cheap test before the scan. */
    private static boolean mentionsInterval(String sql) {
        return sql.indexOf('\'') >= 0 && SqlText.mentions(sql, "INTERVAL");
    }

    private static StringBuilder append(StringBuilder out, String sql, int copied, int at, String replacement) {
        StringBuilder b = out == null ? new StringBuilder(sql.length() + 32) : out;
        return b.append(sql, copied, at).append(replacement);
    }
}
