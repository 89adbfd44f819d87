package org.verso.jdbc.slt;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Runs one {@link SltScript} over one JDBC connection and checks every query's result as sqllogictest defines it:
 * values are printed by the column's declared letter (I as an integer, R with three decimals, T as text with
 * {@code (empty)} for the empty string), NULL as {@code NULL}, sorted by rows or by values when the query asks,
 * then compared in order or by the MD5 of all values, each followed by a newline.
 *
 * <p>Unlike the reference harness, a failing statement does not end the file: it is counted, and the queries that
 * depend on it fail on their own, so a file's score says how much of it works.
 */
final class SltRunner {
    /** What running a script found. */
    record Outcome(String file, int queries, int passed, int statementsFailed, List<String> failures) {
        int failed() {
            return queries - passed;
        }
    }

    private static final int QUERY_TIMEOUT_SECONDS = 20;

    private SltRunner() {
    }

    static Outcome run(SltScript script, Connection connection) {
        int queries = 0;
        int passed = 0;
        int statementsFailed = 0;
        List<String> failures = new ArrayList<>();
        for (SltScript.Command command : script.commands) {
            if (command instanceof SltScript.Statement statement) {
                String problem = execute(connection, statement);
                if (problem != null) {
                    statementsFailed++;
                    failures.add(script.name + ":" + statement.line() + ": statement " + problem + "\n  "
                        + statement.sql());
                }
            } else {
                SltScript.Query query = (SltScript.Query) command;
                queries++;
                String problem = check(connection, query);
                if (problem == null) {
                    passed++;
                } else {
                    failures.add(script.name + ":" + query.line() + ": " + problem + "\n  " + query.sql());
                }
            }
            if (Thread.currentThread().isInterrupted()) {
                failures.add(script.name + ": abandoned at line " + command.line() + " (time limit)");
                break;
            }
        }
        queries = script.queryCount();
        return new Outcome(script.name, queries, passed, statementsFailed, failures);
    }

    private static String execute(Connection connection, SltScript.Statement statement) {
        try (Statement s = connection.createStatement()) {
            s.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            s.execute(statement.sql());
            return statement.expectError() ? "succeeded but should fail" : null;
        } catch (SQLException e) {
            return statement.expectError() ? null : "failed: " + describe(e);
        } catch (RuntimeException | Error e) {
            return "threw " + trace(e);
        }
    }

    private static String check(Connection connection, SltScript.Query query) {
        List<String[]> rows = new ArrayList<>();
        try (Statement s = connection.createStatement()) {
            s.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            try (ResultSet rs = s.executeQuery(query.sql())) {
                int columns = query.types().length();
                if (rs.getMetaData().getColumnCount() != columns) {
                    return "expected " + columns + " columns, got " + rs.getMetaData().getColumnCount();
                }
                while (rs.next()) {
                    String[] row = new String[columns];
                    for (int c = 0; c < columns; c++) {
                        row[c] = format(rs, c + 1, query.types().charAt(c));
                    }
                    rows.add(row);
                }
            }
        } catch (SQLException e) {
            return "query failed: " + describe(e);
        } catch (RuntimeException | Error e) {
            // The driver must turn every failure into an SQLException: anything else is a defect worth its trace.
            return "query threw " + trace(e);
        }
        List<String> values = values(rows, query.sort());
        if (query.hash() != null) {
            if (values.size() != query.hashedCount()) {
                return "expected " + query.hashedCount() + " values, got " + values.size();
            }
            String hash = md5(values);
            return hash.equals(query.hash()) ? null : "values hash to " + hash + ", expected " + query.hash();
        }
        return values.equals(query.values()) ? null
            : "got " + abbreviate(values) + ", expected " + abbreviate(query.values());
    }

    private static List<String> values(List<String[]> rows, SltScript.SortMode sort) {
        if (sort == SltScript.SortMode.ROWS) {
            rows.sort(Arrays::compare);
        }
        List<String> values = new ArrayList<>();
        rows.forEach(row -> values.addAll(Arrays.asList(row)));
        if (sort == SltScript.SortMode.VALUES) {
            values.sort(String::compareTo);
        }
        return values;
    }

    private static String format(ResultSet rs, int column, char type) throws SQLException {
        Object value = rs.getObject(column);
        if (value == null) {
            return "NULL";
        }
        return switch (type) {
            case 'I' -> integer(value);
            case 'R' -> String.format(Locale.ROOT, "%.3f", number(value).doubleValue());
            default -> text(rs.getString(column));
        };
    }

    /** An integer column as SQLite prints it: a fraction truncated toward zero, text that is no number as 0. */
    private static String integer(Object value) {
        BigDecimal number = number(value);
        return number == null ? "0" : number.setScale(0, RoundingMode.DOWN).toPlainString();
    }

    private static BigDecimal number(Object value) {
        if (value instanceof BigDecimal decimal) {
            return decimal;
        }
        if (value instanceof Number number) {
            return value instanceof Double || value instanceof Float
                ? BigDecimal.valueOf(number.doubleValue()) : new BigDecimal(number.toString());
        }
        if (value instanceof Boolean bool) {
            return bool ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        try {
            return new BigDecimal(value.toString().trim());
        } catch (NumberFormatException e) {
            return value instanceof String ? null : BigDecimal.ZERO;
        }
    }

    private static String text(String value) {
        if (value.isEmpty()) {
            return "(empty)";
        }
        StringBuilder printable = new StringBuilder(value.length());
        for (char ch : value.toCharArray()) {
            printable.append(ch < ' ' || ch > '~' ? '@' : ch);
        }
        return printable.toString();
    }

    private static String md5(List<String> values) {
        try {
            MessageDigest digest = MessageDigest.getInstance("MD5");
            for (String value : values) {
                digest.update((value + "\n").getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String abbreviate(List<String> values) {
        String text = values.toString();
        return text.length() > 200 ? text.substring(0, 200) + "...(" + values.size() + " values)" : text;
    }

    private static String trace(Throwable e) {
        java.io.StringWriter text = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(text));
        return text.toString().lines().limit(40).collect(java.util.stream.Collectors.joining("\n    "));
    }

    private static String describe(SQLException e) {
        String message = String.valueOf(e.getMessage());
        int newline = message.indexOf('\n');
        return "[" + e.getSQLState() + "] " + (newline < 0 ? message : message.substring(0, newline));
    }
}
