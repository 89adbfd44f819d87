package org.verso.jdbc.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class JdbcShellSplitterTest {
    @Test
    void splitsAtSemicolonsAndJoinsLines() {
        StatementSplitter s = new StatementSplitter();
        assertEquals(List.of("SELECT 1", "SELECT 2"), s.feed("SELECT 1; SELECT 2;"));
        assertEquals(List.of(), s.feed("SELECT a"));
        assertFalse(s.isEmpty());
        assertEquals(List.of("SELECT a\n  FROM t"), s.feed("  FROM t;"));
        assertTrue(s.isEmpty());
    }

    @Test
    void ignoresSemicolonsInQuotesAndComments() {
        StatementSplitter s = new StatementSplitter();
        assertEquals(List.of("INSERT INTO t VALUES ('a;b', 'it''s;')"),
            s.feed("INSERT INTO t VALUES ('a;b', 'it''s;'); -- trailing; comment"));
        assertEquals(List.of("SELECT \"x;y\" FROM t"), s.feed("SELECT \"x;y\" FROM t;"));
        assertEquals(List.of("SELECT   1"), s.feed("SELECT /* a; b */ 1;"));
        assertEquals(List.of(), s.feed("SELECT 'multi;"));
        assertEquals(List.of("SELECT 'multi;\nline'"), s.feed("line';"));
    }

    @Test
    void commentOnlyInputIsNoStatement() {
        StatementSplitter s = new StatementSplitter();
        assertEquals(List.of(), s.feed("-- just a comment;"));
        assertTrue(s.isEmpty());
        assertEquals(List.of(), s.feed("/* open"));
        assertFalse(s.isEmpty(), "inside a block comment a line is not a shell command");
        assertEquals(List.of("SELECT 1"), s.feed("still; */ SELECT 1;"));
    }

    @Test
    void remainderIsTheUnfinishedStatement() {
        StatementSplitter s = new StatementSplitter();
        s.feed("SELECT 1");
        assertEquals("SELECT 1", s.takeRemainder());
        assertTrue(s.isEmpty());
        assertEquals("", s.takeRemainder());
    }
}
