package org.verso.sql.parse;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The warm-up parses what it claims to, and its handle can be waited on however often a database opens. */
class ParserWarmupTest {
    @Test
    void warmUpStatementsParse() {
        // A grammar change that broke one would silently cost the warm-up its head start.
        for (String sql : ParserWarmup.STATEMENTS) {
            assertNotNull(SqlParsing.parse(sql), sql);
        }
    }

    @Test
    void awaitReturnsOnceTheWarmUpHasEnded() {
        ParserWarmup.start().await();
        assertTrue(noWarmUpThread(), "the warm-up thread has ended");
        ParserWarmup.start().await(); // a second database opening starts nothing
        assertTrue(noWarmUpThread(), "no second warm-up thread");
    }

    private static boolean noWarmUpThread() {
        return Thread.getAllStackTraces().keySet().stream()
            .noneMatch(t -> t.getName().equals("verso-parser-warmup") && t.isAlive());
    }
}
