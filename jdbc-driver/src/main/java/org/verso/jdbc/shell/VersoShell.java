package org.verso.jdbc.shell;

import org.verso.common.SqlState;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Verso SQL shell: {@code VersoShell [--db DIR | --url JDBCURL] [FILE.sql]}.
 *
 * <p>Reads statements ending in {@code ;} (see {@link StatementSplitter}) from FILE, from a terminal with line
 * editing and history, or from a pipe, and prints results with {@link ResultPrinter}. A failing statement prints
 * {@code ERROR [SQLSTATE]: message} and the shell goes on; when the input is a file or a pipe, the exit status is 1
 * if any statement failed. Shell commands, recognised at the start of a statement: {@code \q}, {@code quit},
 * {@code exit}, {@code \d}, {@code \d TABLE}, {@code \i FILE}, {@code \timing}, {@code help}.
 */
public final class VersoShell {
    static final String USAGE = "usage: VersoShell [--db DIR | --url JDBCURL] [-c SQL | FILE.sql]";
    private static final String PROMPT = "verso> ";
    private static final String CONTINUATION = "   ...> ";
    private static final String HISTORY_FILE = ".verso_history";
    private static final String HELP = String.join(System.lineSeparator(),
        "SQL statements end with ';' and may span lines.",
        "  \\d             list tables",
        "  \\d TABLE       describe a table: columns and primary key",
        "  \\i FILE        run the statements in FILE",
        "  \\timing        show or hide how long each statement takes",
        "  help           this text",
        "  \\q, quit, exit leave the shell");

    private final Connection connection;
    private final ResultPrinter printer;
    private final PrintStream out;
    private boolean timing;
    private int failures;
    private boolean quit;

    VersoShell(Connection connection, PrintStream out, PrintStream err) {
        this.connection = connection;
        this.out = out;
        this.printer = new ResultPrinter(out, err);
    }

    public static void main(String[] args) {
        System.exit(run(args, System.in, System.out, System.err));
    }

    /**
     * Runs the shell and returns its exit status: 0 on success, 1 if the database could not be opened or a
     * statement of a script failed, 2 for bad arguments.
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        String url = null;
        Path dbDir = null;
        Path file = null;
        String command = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-c") && i + 1 < args.length && command == null && file == null) {
                command = args[++i];
            } else if ((arg.equals("--db") || arg.equals("--url")) && i + 1 < args.length && url == null) {
                String value = args[++i];
                if (arg.equals("--db")) {
                    dbDir = Path.of(value);
                    url = "jdbc:verso:" + value;
                } else {
                    url = value;
                }
            } else if (arg.equals("-h") || arg.equals("--help")) {
                out.println(USAGE);
                return 0;
            } else if (!arg.startsWith("-") && file == null && command == null) {
                file = Path.of(arg);
            } else {
                err.println(USAGE);
                return 2;
            }
        }
        if (url == null) {
            err.println(USAGE);
            return 2;
        }
        try (Connection connection = DriverManager.getConnection(url)) {
            VersoShell shell = new VersoShell(connection, out, err);
            if (command != null) {
                // One-shot: the text runs as a script would (several statements, shell commands), then the shell ends.
                shell.runLines(ShellInput.plain(new BufferedReader(new StringReader(command))));
                return shell.failures > 0 ? 1 : 0;
            }
            if (file != null) {
                shell.runFile(file);
                return shell.failures > 0 ? 1 : 0;
            }
            if (in == System.in && System.console() != null) {
                shell.runInteractive(historyFile(dbDir));
                return 0;
            }
            shell.runLines(ShellInput.plain(reader(in)));
            return shell.failures > 0 ? 1 : 0;
        } catch (SQLException e) {
            new ResultPrinter(out, err).printError(e.getSQLState(), e.getMessage());
            return 1;
        } catch (IOException | UncheckedIOException e) {
            err.println("ERROR: " + e.getMessage());
            return 1;
        }
    }

    private static BufferedReader reader(InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** History lives with the database when there is a directory for it, else in the user's home. */
    private static Path historyFile(Path dbDir) {
        if (dbDir != null && Files.isDirectory(dbDir)) {
            return dbDir.resolve(HISTORY_FILE);
        }
        return Path.of(System.getProperty("user.home"), HISTORY_FILE);
    }

    private void runInteractive(Path history) throws IOException {
        out.println("Verso shell. Statements end with ';'. Type help for commands, \\q to quit.");
        try (ShellInput input = ShellInput.terminal(history)) {
            runLines(input);
        }
    }

    private void runFile(Path file) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            runLines(ShellInput.plain(reader));
        }
    }

    /** The reading loop: shell commands at statement starts, SQL statements as the splitter completes them. */
    void runLines(ShellInput input) {
        StatementSplitter splitter = new StatementSplitter();
        while (!quit) {
            String line;
            try {
                line = input.readLine(splitter.isEmpty() ? PROMPT : CONTINUATION);
            } catch (ShellInput.Interrupted e) {
                splitter.reset();
                continue;
            }
            if (line == null) {
                break;
            }
            if (splitter.isEmpty() && isCommand(line)) {
                runCommand(line.trim());
                continue;
            }
            for (String sql : splitter.feed(line)) {
                execute(sql);
                if (quit) {
                    break;
                }
            }
        }
        String rest = splitter.takeRemainder();
        if (!rest.isEmpty() && !quit) {
            // A last statement without ';' at the end of a file still runs.
            execute(rest);
        }
    }

    private static boolean isCommand(String line) {
        String word = firstWord(line);
        return word.startsWith("\\") || word.equals("quit") || word.equals("exit") || word.equals("help");
    }

    private static String firstWord(String line) {
        String trimmed = line.trim();
        if (trimmed.endsWith(";")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1).trim();
        }
        String[] words = trimmed.split("\\s+", 2);
        return words[0].toLowerCase(Locale.ROOT);
    }

    private void runCommand(String line) {
        String body = line.endsWith(";") ? line.substring(0, line.length() - 1).trim() : line;
        String[] parts = body.split("\\s+", 2);
        String argument = parts.length > 1 ? parts[1].trim() : "";
        switch (parts[0].toLowerCase(Locale.ROOT)) {
            case "\\q":
            case "quit":
            case "exit":
                quit = true;
                break;
            case "help":
            case "\\?":
            case "\\h":
                out.println(HELP);
                break;
            case "\\timing":
                timing = argument.isEmpty() ? !timing : argument.equalsIgnoreCase("on");
                out.println("Timing is " + (timing ? "on." : "off."));
                break;
            case "\\d":
                if (argument.isEmpty()) {
                    listTables();
                } else {
                    describeTable(argument);
                }
                break;
            case "\\i":
                include(argument);
                break;
            default:
                failures++;
                printer.printError(SqlState.SYNTAX_ERROR, "unknown command " + parts[0] + "; type help for the list");
        }
    }

    private void include(String fileName) {
        if (fileName.isEmpty()) {
            failures++;
            printer.printError(SqlState.INVALID_PARAMETER_VALUE, "\\i needs a file name");
            return;
        }
        try {
            runFile(Path.of(fileName));
        } catch (IOException | UncheckedIOException e) {
            failures++;
            printer.printError(SqlState.IO_ERROR, "cannot read " + fileName + ": " + e.getMessage());
        }
    }

    /** Runs one SQL statement and prints its rows or update count, or the error. */
    void execute(String sql) {
        long start = System.nanoTime();
        try (Statement statement = connection.createStatement()) {
            if (statement.execute(sql)) {
                try (ResultSet rs = statement.getResultSet()) {
                    printer.printRows(rs);
                }
            } else {
                printer.printUpdate(sql, statement.getLargeUpdateCount());
            }
        } catch (SQLException e) {
            failures++;
            printer.printError(e.getSQLState(), e.getMessage());
        } catch (RuntimeException e) {
            // A bug below the driver must not end an interactive session.
            failures++;
            printer.printError(SqlState.INTERNAL_ERROR, e.toString());
        }
        if (timing) {
            printer.printTiming(System.nanoTime() - start);
        }
    }

    private void listTables() {
        try (ResultSet rs = connection.getMetaData().getTables(null, null, null, new String[] {"TABLE"})) {
            List<List<String>> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(List.of(rs.getString("TABLE_NAME")));
            }
            printer.printTable(List.of("Table"), new boolean[1], rows);
        } catch (SQLException e) {
            failures++;
            printer.printError(e.getSQLState(), e.getMessage());
        }
    }

    /** Columns with type and nullability, then the primary key. An unquoted name is looked up in upper case too. */
    private void describeTable(String name) {
        try {
            DatabaseMetaData meta = connection.getMetaData();
            boolean quoted = name.length() > 1 && name.startsWith("\"") && name.endsWith("\"");
            List<String> candidates = quoted ? List.of(name.substring(1, name.length() - 1))
                : List.of(name, name.toUpperCase(Locale.ROOT));
            String table = null;
            List<List<String>> columns = List.of();
            for (String candidate : candidates) {
                columns = describeColumns(meta, candidate);
                if (!columns.isEmpty()) {
                    table = candidate;
                    break;
                }
            }
            if (table == null) {
                failures++;
                printer.printError(SqlState.UNDEFINED_TABLE, "table " + name + " does not exist");
                return;
            }
            printer.printTable(List.of("Column", "Type", "Nullable"), new boolean[3], columns);
            Map<Short, String> key = new TreeMap<>();
            try (ResultSet rs = meta.getPrimaryKeys(null, null, table)) {
                while (rs.next()) {
                    key.put(rs.getShort("KEY_SEQ"), rs.getString("COLUMN_NAME"));
                }
            }
            out.println(key.isEmpty() ? "No primary key." : "Primary key: (" + String.join(", ", key.values()) + ")");
        } catch (SQLException e) {
            failures++;
            printer.printError(e.getSQLState(), e.getMessage());
        }
    }

    private static List<List<String>> describeColumns(DatabaseMetaData meta, String table) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (ResultSet rs = meta.getColumns(null, null, escapeLike(table), null)) {
            while (rs.next()) {
                rows.add(List.of(rs.getString("COLUMN_NAME"), typeText(rs), rs.getString("IS_NULLABLE")));
            }
        }
        return rows;
    }

    private static String typeText(ResultSet column) throws SQLException {
        String type = column.getString("TYPE_NAME");
        switch (type) {
            case "CHAR":
            case "VARCHAR":
                return type + "(" + column.getInt("COLUMN_SIZE") + ")";
            case "DECIMAL":
                return type + "(" + column.getInt("COLUMN_SIZE") + "," + column.getInt("DECIMAL_DIGITS") + ")";
            default:
                return type;
        }
    }

    /** A table name as a LIKE pattern that matches only itself. */
    private static String escapeLike(String name) {
        return name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
