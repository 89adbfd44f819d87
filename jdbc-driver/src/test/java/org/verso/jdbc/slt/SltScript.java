package org.verso.jdbc.slt;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One sqllogictest file, parsed for one database identity: records guarded by {@code skipif NAME} are dropped,
 * records guarded by {@code onlyif OTHER} are dropped, and {@code halt} ends the script.
 *
 * <p>The format (https://www.sqlite.org/sqllogictest/doc/trunk/about.wiki): records are separated by blank lines;
 * {@code statement ok|error} is followed by SQL; {@code query TYPES [nosort|rowsort|valuesort] [label]} by SQL, a
 * {@code ----} line and the expected values, one per line, or a single line {@code N values hashing to MD5}.
 */
final class SltScript {
    /** A record of the script: a statement or a query, with the line it starts on. */
    sealed interface Command permits Statement, Query {
        int line();

        String sql();
    }

    record Statement(int line, String sql, boolean expectError) implements Command {
    }

    /**
     * A query. {@code types} has one letter per column (I integer, R real, T text). Either {@code values} holds
     * the expected values in order or {@code hashedCount} and {@code hash} describe them.
     */
    record Query(int line, String sql, String types, SortMode sort, List<String> values, int hashedCount,
                 String hash) implements Command {
    }

    enum SortMode { NONE, ROWS, VALUES }

    final String name;
    final List<Command> commands;

    private SltScript(String name, List<Command> commands) {
        this.name = name;
        this.commands = commands;
    }

    static SltScript parse(String name, BufferedReader reader, String identity) throws IOException {
        List<String> lines = reader.lines().toList();
        List<Command> commands = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            String line = stripComment(lines.get(i));
            if (line.isBlank()) {
                i++;
                continue;
            }
            boolean skip = false;
            // Conditions come first, one per line.
            while (line.startsWith("skipif ") || line.startsWith("onlyif ")) {
                String database = line.substring(7).trim().split("\\s+")[0];
                boolean matches = database.equalsIgnoreCase(identity);
                if (line.startsWith("skipif ") ? matches : !matches) {
                    skip = true;
                }
                line = stripComment(lines.get(++i));
            }
            int start = i + 1;
            String[] words = line.trim().split("\\s+");
            switch (words[0]) {
                case "halt" -> {
                    if (!skip) {
                        return new SltScript(name, commands);
                    }
                    i++;
                }
                case "hash-threshold" -> i++;
                case "statement" -> {
                    i++;
                    StringBuilder sql = new StringBuilder();
                    while (i < lines.size() && !lines.get(i).isBlank()) {
                        sql.append(sql.length() == 0 ? "" : "\n").append(lines.get(i++));
                    }
                    if (!skip) {
                        commands.add(new Statement(start, sql.toString(), words[1].equals("error")));
                    }
                }
                case "query" -> {
                    i++;
                    StringBuilder sql = new StringBuilder();
                    while (i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).equals("----")) {
                        sql.append(sql.length() == 0 ? "" : "\n").append(lines.get(i++));
                    }
                    List<String> values = new ArrayList<>();
                    int hashedCount = -1;
                    String hash = null;
                    if (i < lines.size() && lines.get(i).equals("----")) {
                        i++;
                        while (i < lines.size() && !lines.get(i).isBlank()) {
                            String value = lines.get(i++);
                            String[] parts = value.split(" ");
                            if (parts.length == 5 && parts[1].equals("values") && parts[3].equals("to")) {
                                hashedCount = Integer.parseInt(parts[0]);
                                hash = parts[4];
                            } else {
                                values.add(value);
                            }
                        }
                    }
                    SortMode sort = words.length < 3 ? SortMode.NONE : switch (words[2]) {
                        case "rowsort" -> SortMode.ROWS;
                        case "valuesort" -> SortMode.VALUES;
                        default -> SortMode.NONE;
                    };
                    if (!skip) {
                        commands.add(new Query(start, sql.toString(), words[1], sort, values, hashedCount, hash));
                    }
                }
                default -> throw new IOException(name + ":" + (i + 1) + ": unknown record " + line);
            }
        }
        return new SltScript(name, commands);
    }

    int queryCount() {
        return (int) commands.stream().filter(c -> c instanceof Query).count();
    }

    private static String stripComment(String line) {
        return line.startsWith("#") ? "" : line;
    }
}
