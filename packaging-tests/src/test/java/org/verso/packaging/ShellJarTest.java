package org.verso.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQL shell in the driver jar: its Main-Class, and its relocated terminal library. */
class ShellJarTest {
    @TempDir
    Path scratch;

    @Test
    void javaDashJarRunsTheShellOnAScript() throws IOException {
        Path script = Files.writeString(scratch.resolve("first.sql"), String.join("\n",
            "CREATE TABLE account (id INTEGER NOT NULL, owner VARCHAR(40), balance DECIMAL(12,2) NOT NULL,",
            "  opened DATE, PRIMARY KEY (id));",
            "INSERT INTO account VALUES (1, 'Ada', 100.00, DATE '2026-01-05'), (2, 'Brian', 50.50, DATE '2026-02-11');",
            "UPDATE account SET balance = balance + 25 WHERE id = 2;",
            "DELETE FROM account WHERE id = 1;",
            "SELECT id, owner, balance, opened FROM account ORDER BY id;",
            "\\d",
            ""));
        DriverJar.Outcome outcome = DriverJar.run(DriverJar.currentJava(), scratch, "-jar",
            DriverJar.path().toString(), "--db", scratch.resolve("db").toString(), script.toString());
        assertEquals(0, outcome.exitCode(), outcome.describe());
        assertEquals(List.of(
            "CREATE TABLE",
            "INSERT 2",
            "UPDATE 1",
            "DELETE 1",
            " ID | OWNER | BALANCE | OPENED",
            "----+-------+---------+------------",
            "  2 | Brian |   75.50 | 2026-02-11",
            "(1 row)",
            " Table",
            "---------",
            " ACCOUNT",
            "(1 row)"), outcome.out().lines().toList(), outcome.describe());
        assertEquals("", outcome.err(), outcome.describe());
    }

    /**
     * JLine loads its terminal providers by the class names in resource files, which relocation does not rewrite;
     * the jar carries its own file for the "exec" provider, at the relocated path. Without it the interactive
     * shell would fall back to a dumb terminal with no line editing.
     */
    @Test
    void terminalProviderLoadsUnderItsRelocatedName() throws ReflectiveOperationException {
        Object provider = Class.forName("org.verso.shaded.org.jline.terminal.spi.TerminalProvider")
            .getMethod("load", String.class).invoke(null, "exec");
        assertEquals("org.verso.shaded.org.jline.terminal.impl.exec.ExecTerminalProvider",
            provider.getClass().getName());
    }
}
