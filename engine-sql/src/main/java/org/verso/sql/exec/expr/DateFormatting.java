package org.verso.sql.exec.expr;

import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.TextStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.verso.common.ErrorCode;
import org.verso.common.type.DateTimes;
import org.verso.common.type.ValueType;

/**
 * PostgreSQL's {@code to_char(datetime, template)}: the template's patterns replaced by the parts of the date and
 * time they name, everything else copied; and {@code to_date(text, template)} and {@code to_timestamp(text,
 * template)}, which read text by the same patterns. The patterns are PostgreSQL's: {@code HH}, {@code HH12},
 * {@code HH24}, {@code MI}, {@code SS}, {@code MS}, {@code US}, {@code SSSS}, {@code AM}/{@code PM} (also
 * {@code A.M.}, and in lower case), {@code Y,YYY}, {@code YYYY}, {@code YYY}, {@code YY}, {@code Y}, {@code IYYY},
 * {@code MONTH}, {@code MON}, {@code MM}, {@code DAY}, {@code DY}, {@code DDD}, {@code DD}, {@code D}, {@code ID},
 * {@code IW}, {@code WW}, {@code W}, {@code Q}, {@code CC}, {@code J}, {@code TZ} and {@code OF} (of a TIMESTAMP
 * WITH TIME ZONE); month and day names follow the pattern's case ({@code Month}, {@code month}) and are
 * blank-padded to nine characters, as PostgreSQL pads them, unless the pattern is prefixed with {@code FM}, which
 * also drops leading zeros; the suffix {@code TH} ({@code th}) adds a number's ordinal ending; text in double
 * quotes is copied as it is.
 *
 * <p>Reading, a number takes as many digits as its pattern has where another pattern follows at once
 * ({@code YYYYMMDD}), and every digit up to the next non-digit otherwise ({@code YYYY-M-D} reads
 * {@code 2024-3-5}); {@code MS} and {@code US} are the seconds' fraction ({@code SS.MS} reads {@code 09.25} as nine
 * and a quarter seconds); a two-digit year is the one nearest to 2020; a character of the template's text skips one
 * of the input's, blanks any number of blanks; day names are skipped. Text that does not fit is 22007, a field out of
 * its range ({@code 2024-02-30}) 22008.
 */
final class DateFormatting {
    /** The patterns, longest first where one starts another. */
    private static final String[] PATTERNS = {"HH24", "HH12", "HH", "MI", "SSSSS", "SSSS", "SS", "MS", "US",
        "A.M.", "P.M.", "AM", "PM", "Y,YYY", "IYYY", "YYYY", "YYY", "YY", "Y", "MONTH", "MON", "MM", "DAY", "DY",
        "DDD", "DD", "D", "ID", "IW", "WW", "W", "Q", "CC", "J", "TZ", "OF"};

    /** One piece of a template: a pattern with its modifiers, or text to copy. */
    private record Element(String pattern, String caseOf, boolean fillMode, String ordinal, String text) {
    }

    private final List<Element> elements;

    private DateFormatting(List<Element> elements) {
        this.elements = elements;
    }

    /** TO_CHAR of {@code value}, of {@code type}, by the template {@code format} (compiled once if a literal). */
    static Expr toChar(Expr value, ValueType type, Expr format, String fixedFormat) {
        return TextArgument.of(value, format, fixedFormat, DateFormatting::compile,
            (template, v) -> template.format(v, type));
    }

    /** TO_DATE(text, template) or TO_TIMESTAMP(text, template), giving a DATE or a TIMESTAMP WITH TIME ZONE. */
    static Expr parse(Expr text, Expr format, String fixedFormat, ValueType result) {
        return TextArgument.of(text, format, fixedFormat, DateFormatting::compile, (template, input) -> {
            LocalDateTime t = template.parse((String) input);
            if (result == ValueType.DATE) {
                return DateTimes.toEpochDay(t.toLocalDate());
            }
            return DateTimes.instantOf(t);
        });
    }

    static DateFormatting compile(String template) {
        List<Element> elements = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '"') {
                int close = template.indexOf('"', i + 1);
                text.append(template, i + 1, close < 0 ? template.length() : close);
                i = close < 0 ? template.length() : close + 1;
                continue;
            }
            if (c == '\\' && i + 1 < template.length()) {
                text.append(template.charAt(i + 1));
                i += 2;
                continue;
            }
            boolean fill = template.regionMatches(true, i, "FM", 0, 2);
            int at = fill ? i + 2 : i;
            String pattern = patternAt(template, at);
            if (pattern == null) {
                text.append(c);
                i++;
                continue;
            }
            if (text.length() > 0) {
                elements.add(new Element(null, null, false, null, text.toString()));
                text.setLength(0);
            }
            String written = template.substring(at, at + pattern.length());
            int end = at + pattern.length();
            String ordinal = null;
            if (template.startsWith("TH", end) || template.startsWith("th", end)) {
                ordinal = template.substring(end, end + 2);
                end += 2;
            }
            elements.add(new Element(pattern, written, fill, ordinal, null));
            i = end;
        }
        if (text.length() > 0) {
            elements.add(new Element(null, null, false, null, text.toString()));
        }
        return new DateFormatting(elements);
    }

    private static String patternAt(String template, int at) {
        for (String pattern : PATTERNS) {
            if (template.regionMatches(true, at, pattern, 0, pattern.length())) {
                return pattern;
            }
        }
        return null;
    }

    String format(Object value, ValueType type) {
        LocalDateTime t = DateTimes.wallClock(value, type);
        OffsetDateTime zoned = type == ValueType.TIMESTAMP_TZ
            ? DateTimes.toOffsetDateTime(((Number) value).longValue()) : null;
        StringBuilder out = new StringBuilder();
        for (Element e : elements) {
            if (e.text != null) {
                out.append(e.text);
                continue;
            }
            String part = part(e, t, zoned);
            out.append(part);
            if (e.ordinal != null && !part.isBlank() && part.trim().chars().allMatch(Character::isDigit)) {
                String suffix = ordinalSuffix(Long.parseLong(part.trim()));
                out.append(Character.isUpperCase(e.ordinal.charAt(0)) ? suffix.toUpperCase(Locale.ROOT) : suffix);
            }
        }
        return out.toString();
    }

    /** The date and time {@code input} shows by this template. */
    LocalDateTime parse(String input) {
        int year = 1;
        int month = 1;
        int day = 1;
        int dayOfYear = -1;
        long julian = -1;
        int hour = 0;
        int minute = 0;
        int second = 0;
        int micros = 0;
        Boolean pm = null;
        boolean twelveHour = false;
        int at = 0;
        for (int k = 0; k < elements.size(); k++) {
            Element e = elements.get(k);
            if (e.text != null) {
                for (int c = 0; c < e.text.length() && at < input.length(); c++) {
                    if (Character.isWhitespace(e.text.charAt(c))) {
                        while (at < input.length() && Character.isWhitespace(input.charAt(at))) {
                            at++;
                        }
                    } else {
                        at++;
                    }
                }
                continue;
            }
            while (at < input.length() && Character.isWhitespace(input.charAt(at))) {
                at++;
            }
            boolean exact = k + 1 < elements.size() && elements.get(k + 1).text == null;
            switch (e.pattern) {
                case "MONTH", "MON" -> {
                    int found = monthAt(input, at, e.pattern.equals("MON"));
                    if (found < 0) {
                        throw invalid(input, e.caseOf);
                    }
                    month = found + 1;
                    at += e.pattern.equals("MON") ? 3
                        : java.time.Month.of(month).getDisplayName(TextStyle.FULL, Locale.ENGLISH).length();
                }
                case "DAY", "DY" -> {
                    while (at < input.length() && Character.isLetter(input.charAt(at))) {
                        at++;
                    }
                }
                case "AM", "PM", "A.M.", "P.M." -> {
                    int width = e.pattern.length();
                    String word = input.substring(at, Math.min(input.length(), at + width)).toUpperCase(Locale.ROOT);
                    if (!word.equals("AM") && !word.equals("PM") && !word.equals("A.M.") && !word.equals("P.M.")) {
                        throw invalid(input, e.caseOf);
                    }
                    pm = word.startsWith("P");
                    at += width;
                }
                case "TZ", "OF" -> {
                    while (at < input.length() && !Character.isWhitespace(input.charAt(at))) {
                        at++;
                    }
                }
                default -> {
                    int width = digitsOf(e.pattern);
                    int end = at;
                    boolean negative = at < input.length() && input.charAt(at) == '-' && e.pattern.startsWith("Y");
                    if (negative) {
                        end++;
                    }
                    int digitsStart = end;
                    while (end < input.length() && Character.isDigit(input.charAt(end))
                        && (!exact || end - digitsStart < width)) {
                        end++;
                    }
                    if (end == digitsStart) {
                        throw invalid(input, e.caseOf);
                    }
                    String digits = input.substring(digitsStart, end);
                    long value = Long.parseLong(digits.length() > 12 ? digits.substring(0, 12) : digits);
                    at = end;
                    switch (e.pattern) {
                        case "YYYY", "IYYY", "Y,YYY" -> year = (int) (negative ? -value : value);
                        case "YYY", "YY", "Y" -> year = (int) nearest2020(value, digits.length());
                        case "MM" -> month = (int) value;
                        case "DD" -> day = (int) value;
                        case "DDD" -> dayOfYear = (int) value;
                        case "J" -> julian = value;
                        case "HH", "HH12" -> {
                            hour = (int) value;
                            twelveHour = true;
                        }
                        case "HH24" -> hour = (int) value;
                        case "MI" -> minute = (int) value;
                        case "SS" -> second = (int) value;
                        case "MS", "US" -> micros = fraction(digits);
                        case "SSSS", "SSSSS" -> {
                            hour = (int) (value / 3_600);
                            minute = (int) (value / 60 % 60);
                            second = (int) (value % 60);
                        }
                        default -> {
                            // D, ID, IW, WW, W, Q, CC: read, but they do not fix the date
                        }
                    }
                }
            }
        }
        if (pm != null || twelveHour) {
            if (hour < 1 || hour > 12) {
                throw ErrorCode.DATETIME_OUT_OF_RANGE.exception(input);
            }
            hour = hour % 12 + (Boolean.TRUE.equals(pm) ? 12 : 0);
        }
        try {
            java.time.LocalDate date = julian >= 0 ? java.time.LocalDate.ofEpochDay(julian - 2_440_588)
                : dayOfYear > 0 ? java.time.LocalDate.ofYearDay(year, dayOfYear)
                : java.time.LocalDate.of(year, month, day);
            return date.atTime(hour, minute, second, micros * 1_000);
        } catch (java.time.DateTimeException e) {
            throw ErrorCode.DATETIME_OUT_OF_RANGE.exception(input);
        }
    }

    /** The digits a numeric pattern shows. */
    private static int digitsOf(String pattern) {
        return switch (pattern) {
            case "YYYY", "IYYY", "Y,YYY" -> 4;
            case "YYY", "DDD", "MS" -> 3;
            case "Y", "D", "ID", "W", "Q" -> 1;
            case "US" -> 6;
            case "J" -> 7;
            case "SSSS", "SSSSS" -> 5;
            default -> 2;
        };
    }

    /** A year of fewer than four digits, as the year nearest to 2020 that ends in them. */
    private static long nearest2020(long value, int digits) {
        if (digits >= 4) {
            return value;
        }
        long modulus = (long) Math.pow(10, digits);
        long base = 2020 - 2020 % modulus;
        long candidate = base + value;
        if (candidate - 2020 > modulus / 2) {
            candidate -= modulus;
        } else if (2020 - candidate > modulus / 2) {
            candidate += modulus;
        }
        return candidate;
    }

    /** Digits after a decimal point as microseconds. */
    private static int fraction(String digits) {
        String six = (digits.length() > 6 ? digits.substring(0, 6) : digits + "000000".substring(digits.length()));
        return Integer.parseInt(six);
    }

    /** The month (0-based) whose English name, or its first three letters, {@code input} holds at {@code at}. */
    private static int monthAt(String input, int at, boolean abbreviated) {
        for (java.time.Month m : java.time.Month.values()) {
            String name = m.getDisplayName(abbreviated ? TextStyle.SHORT : TextStyle.FULL, Locale.ENGLISH);
            if (input.regionMatches(true, at, name, 0, name.length())) {
                return m.ordinal();
            }
        }
        return -1;
    }

    private static RuntimeException invalid(String input, String pattern) {
        return ErrorCode.INVALID_DATETIME.exception("\"" + input + "\" for \"" + pattern + "\"");
    }

    private static String part(Element e, LocalDateTime t, OffsetDateTime zoned) {
        int hour12 = t.getHour() % 12 == 0 ? 12 : t.getHour() % 12;
        boolean fill = e.fillMode;
        return switch (e.pattern) {
            case "HH", "HH12" -> number(hour12, 2, fill);
            case "HH24" -> number(t.getHour(), 2, fill);
            case "MI" -> number(t.getMinute(), 2, fill);
            case "SS" -> number(t.getSecond(), 2, fill);
            case "MS" -> number(t.getNano() / 1_000_000, 3, fill);
            case "US" -> number(t.getNano() / 1_000, 6, fill);
            case "SSSS", "SSSSS" -> Integer.toString(t.toLocalTime().toSecondOfDay());
            case "AM", "PM" -> cased(t.getHour() < 12 ? "AM" : "PM", e.caseOf);
            case "A.M.", "P.M." -> cased(t.getHour() < 12 ? "A.M." : "P.M.", e.caseOf);
            case "Y,YYY" -> String.format(Locale.ROOT, "%d,%03d", t.getYear() / 1000, t.getYear() % 1000);
            case "YYYY" -> number(t.getYear(), 4, fill);
            case "IYYY" -> number(t.get(IsoFields.WEEK_BASED_YEAR), 4, fill);
            case "YYY" -> number(t.getYear() % 1000, 3, fill);
            case "YY" -> number(t.getYear() % 100, 2, fill);
            case "Y" -> number(t.getYear() % 10, 1, fill);
            case "MONTH" -> name(t.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH), e.caseOf, fill);
            case "MON" -> cased(t.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH), e.caseOf);
            case "MM" -> number(t.getMonthValue(), 2, fill);
            case "DAY" -> name(t.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH), e.caseOf, fill);
            case "DY" -> cased(t.getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.ENGLISH), e.caseOf);
            case "DDD" -> number(t.getDayOfYear(), 3, fill);
            case "DD" -> number(t.getDayOfMonth(), 2, fill);
            case "D" -> Integer.toString(t.getDayOfWeek().getValue() % 7 + 1);
            case "ID" -> Integer.toString(t.getDayOfWeek().getValue());
            case "IW" -> number(t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR), 2, fill);
            case "WW" -> number((t.getDayOfYear() - 1) / 7 + 1, 2, fill);
            case "W" -> Integer.toString((t.getDayOfMonth() - 1) / 7 + 1);
            case "Q" -> Integer.toString(t.get(IsoFields.QUARTER_OF_YEAR));
            case "CC" -> number(t.getYear() > 0 ? (t.getYear() + 99) / 100 : -((-t.getYear()) / 100 + 1), 2, fill);
            case "J" -> Long.toString(t.getLong(ChronoField.EPOCH_DAY) + 2_440_588);
            case "TZ" -> zoned == null ? "" : cased(zone(zoned), e.caseOf);
            case "OF" -> zoned == null ? "" : offset(zoned);
            default -> throw new IllegalStateException(e.pattern);
        };
    }

    private static String number(long value, int width, boolean fill) {
        String digits = Long.toString(Math.abs(value));
        if (!fill && digits.length() < width) {
            digits = "0".repeat(width - digits.length()) + digits;
        }
        return value < 0 ? "-" + digits : digits;
    }

    /** A month's or day's name in the pattern's case, blank-padded to nine characters unless in fill mode. */
    private static String name(String name, String caseOf, boolean fill) {
        String cased = cased(name, caseOf);
        return fill || cased.length() >= 9 ? cased : cased + " ".repeat(9 - cased.length());
    }

    /** {@code text} as the pattern was written: all upper case, all lower case, or capitalised. */
    private static String cased(String text, String caseOf) {
        if (caseOf.equals(caseOf.toUpperCase(Locale.ROOT))) {
            return text.toUpperCase(Locale.ROOT);
        }
        if (caseOf.equals(caseOf.toLowerCase(Locale.ROOT))) {
            return text.toLowerCase(Locale.ROOT);
        }
        return text.substring(0, 1).toUpperCase(Locale.ROOT) + text.substring(1).toLowerCase(Locale.ROOT);
    }

    /** The session zone's abbreviation, or the offset where the zone is a fixed one. */
    private static String zone(OffsetDateTime zoned) {
        return DateTimes.sessionZone().getRules().isFixedOffset() ? offset(zoned)
            : DateTimes.sessionZone().getDisplayName(TextStyle.SHORT, Locale.ENGLISH);
    }

    /** The UTC offset as PostgreSQL's OF shows it: {@code +02}, {@code -05:30}. */
    private static String offset(OffsetDateTime zoned) {
        int seconds = zoned.getOffset().getTotalSeconds();
        int minutes = Math.abs(seconds) / 60;
        return (seconds < 0 ? "-" : "+") + number(minutes / 60, 2, false)
            + (minutes % 60 == 0 ? "" : ":" + number(minutes % 60, 2, false));
    }

    private static String ordinalSuffix(long n) {
        long lastTwo = Math.abs(n) % 100;
        if (lastTwo >= 11 && lastTwo <= 13) {
            return "th";
        }
        return switch ((int) (Math.abs(n) % 10)) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
    }
}
