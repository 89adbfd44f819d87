package org.verso.jdbc.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell run through its entry point with captured output. */
class JdbcShellTest {
    @TempDir
    Path dir;

    /** Output, error output and exit status of one shell run. */
    record Run(int status, String out, String err) {
    }

    private static Run run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        InputStream in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        int status = VersoShell.run(args, in, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String memoryUrl() {
        return "jdbc:verso:mem:shell_" + UUID.randomUUID().toString().replace("-", "");
    }

    private Path script(String text) throws IOException {
        Path file = dir.resolve("script-" + UUID.randomUUID() + ".sql");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void runsAFileAndPrintsTablesAndCounts() throws IOException {
        Path file = script("""
            -- a comment; with a semicolon
            CREATE TABLE t (id INT NOT NULL, name VARCHAR(10), PRIMARY KEY (id));
            INSERT INTO t VALUES (1, 'one'),
                                 (2, 'a;b');
            UPDATE t SET name = 'uno' WHERE id = 1;
            SELECT id, name FROM t ORDER BY id;
            """);
        Run r = run("", "--url", memoryUrl(), file.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        String expected = String.join(System.lineSeparator(),
            "CREATE TABLE",
            "INSERT 2",
            "UPDATE 1",
            " ID | NAME",
            "----+------",
            "  1 | uno",
            "  2 | a;b",
            "(2 rows)",
            "");
        assertEquals(expected, r.out());
    }

    @Test
    void aFailingStatementIsReportedAndTheScriptGoesOnButFails() throws IOException {
        Path file = script("""
            CREATE TABLE t (id INT NOT NULL, PRIMARY KEY (id));
            SELECT * FROM missing;
            INSERT INTO t VALUES (1);
            """);
        Run r = run("", "--url", memoryUrl(), file.toString());
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("ERROR [42P01]: "), r.err());
        assertTrue(r.out().contains("INSERT 1"), r.out());
    }

    @Test
    void metaCommandsFromAPipe() throws IOException {
        Path include = script("INSERT INTO t VALUES (7, 'x');\n");
        String input = String.join("\n",
            "CREATE TABLE t (id INT NOT NULL, name VARCHAR(10), PRIMARY KEY (id));",
            "\\i " + include,
            "\\d",
            "\\d t",
            "\\timing",
            "SELECT COUNT(*) AS n FROM t;",
            "help",
            "\\q",
            "SELECT 'not reached';",
            "");
        Run r = run(input, "--url", memoryUrl());
        assertEquals(0, r.status(), r.err());
        String out = r.out();
        assertTrue(out.contains("INSERT 1"), out);
        assertTrue(out.contains(" Table\n") || out.contains(" Table" + System.lineSeparator()), out);
        assertTrue(out.contains("VARCHAR(10)"), out);
        assertTrue(out.contains("Primary key: (ID)"), out);
        assertTrue(out.contains("Timing is on."), out);
        assertTrue(out.contains("Time: "), out);
        assertTrue(out.contains("\\q, quit, exit"), out);
        assertFalse(out.contains("not reached"), out);
    }

    @Test
    void directoryDatabaseKeepsDataBetweenRuns() throws IOException {
        String db = dir.resolve("db").toString();
        String create = "CREATE TABLE t (id INT NOT NULL, PRIMARY KEY (id));\nINSERT INTO t VALUES (1);\n";
        assertEquals(0, run(create, "--db", db).status());
        Run r = run("SELECT id FROM t;\n", "--db", db);
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("(1 row)"), r.out());
    }

    @Test
    void aOneShotCommandRunsItsStatementsAndTransactionBlocks() {
        String db = dir.resolve("oneshot").toString();
        Run r = run("", "--db", db, "-c", "CREATE TABLE t (id INT PRIMARY KEY); BEGIN; INSERT INTO t VALUES (1); "
            + "ROLLBACK; BEGIN; INSERT INTO t VALUES (2); SAVEPOINT s; INSERT INTO t VALUES (3); ROLLBACK TO s; COMMIT;");
        assertEquals(0, r.status(), r.err());
        r = run("", "--db", db, "-c", "SELECT id FROM t");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("  2") && r.out().contains("(1 row)"), r.out());
        r = run("", "--db", db, "-c", "SELECT * FROM missing");
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("ERROR [42P01]: "), r.err());
        assertEquals(2, run("", "--db", db, "-c").status(), "-c needs its SQL");
    }

    @Test
    void badArgumentsAndUnopenableDatabases() {
        assertEquals(2, run("", "--bogus").status());
        assertEquals(2, run("").status());
        Run r = run("", "--url", "jdbc:verso:mem:x;cache=lots");
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("ERROR [22023]: "), r.err());
    }
}
