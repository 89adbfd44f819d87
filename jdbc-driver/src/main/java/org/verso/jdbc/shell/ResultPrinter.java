package org.verso.jdbc.shell;

import java.io.PrintStream;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the shell shows outcomes: rows as an aligned table with a "(N rows)" footer (numbers right-aligned, NULL
 * written as NULL), update counts as command tags such as {@code INSERT 1} or {@code UPDATE 3}, and errors as
 * {@code ERROR [SQLSTATE]: message}.
 */
final class ResultPrinter {
    private static final String NULL = "NULL";

    private final PrintStream out;
    private final PrintStream err;

    /** Results go to {@code out}, errors to {@code err}. */
    ResultPrinter(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** Prints every row of {@code rs}. */
    void printRows(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        int n = meta.getColumnCount();
        List<String> headers = new ArrayList<>(n);
        boolean[] rightAligned = new boolean[n];
        for (int i = 1; i <= n; i++) {
            headers.add(meta.getColumnLabel(i));
            rightAligned[i - 1] = isNumeric(meta.getColumnType(i));
        }
        List<List<String>> rows = new ArrayList<>();
        while (rs.next()) {
            List<String> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
                String value = rs.getString(i);
                row.add(value == null ? NULL : value);
            }
            rows.add(row);
        }
        printTable(headers, rightAligned, rows);
    }

    /** Prints a table with a header line, a rule, the rows and a row count. */
    void printTable(List<String> headers, boolean[] rightAligned, List<List<String>> rows) {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            rule.append(c == 0 ? "" : "+").append("-".repeat(widths[c] + 2));
        }
        out.println(line(headers, widths, new boolean[widths.length]));
        out.println(rule);
        for (List<String> row : rows) {
            out.println(line(row, widths, rightAligned));
        }
        out.println("(" + rows.size() + (rows.size() == 1 ? " row)" : " rows)"));
    }

    private static String line(List<String> cells, int[] widths, boolean[] rightAligned) {
        StringBuilder s = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            String cell = cells.get(c);
            String padding = " ".repeat(widths[c] - cell.length());
            s.append(c == 0 ? " " : " | ").append(rightAligned[c] ? padding + cell : cell + padding);
        }
        return s.toString().stripTrailing();
    }

    /** A PostgreSQL-style command tag: the verb and row count for DML, the statement's first words otherwise. */
    void printUpdate(String sql, long count) {
        String[] words = sql.trim().split("\\s+", 3);
        String verb = words[0].toUpperCase(Locale.ROOT);
        switch (verb) {
            case "INSERT":
            case "UPDATE":
            case "DELETE":
            case "MERGE":
            case "UPSERT":
                out.println(verb + " " + count);
                break;
            case "CREATE":
            case "DROP":
            case "ALTER":
                out.println(words.length > 1 ? verb + " " + tagWord(words[1]) : verb);
                break;
            default:
                out.println(verb);
        }
    }

    /** CREATE UNIQUE INDEX is tagged CREATE INDEX; the object kind is the word that names it. */
    private static String tagWord(String word) {
        String w = word.toUpperCase(Locale.ROOT);
        return w.equals("UNIQUE") ? "INDEX" : w;
    }

    void printError(String sqlState, String message) {
        err.println("ERROR [" + (sqlState == null ? "?????" : sqlState) + "]: " + message);
    }

    void printTiming(long nanos) {
        out.printf(Locale.ROOT, "Time: %.3f ms%n", nanos / 1e6);
    }

    private static boolean isNumeric(int sqlType) {
        switch (sqlType) {
            case Types.TINYINT: case Types.SMALLINT: case Types.INTEGER: case Types.BIGINT: case Types.REAL:
            case Types.FLOAT: case Types.DOUBLE: case Types.DECIMAL: case Types.NUMERIC:
                return true;
            default:
                return false;
        }
    }
}
