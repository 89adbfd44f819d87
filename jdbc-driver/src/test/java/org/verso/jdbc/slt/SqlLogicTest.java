package org.verso.jdbc.slt;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * SQLite's sqllogictest corpus through Verso's JDBC driver. The quick subset runs in every build; the whole corpus
 * runs with {@code ./mvnw -Psqllogictest test -pl jdbc-driver -am}. Both print their pass count and write every
 * failure to {@code jdbc-driver/target/sqllogictest/}.
 */
class SqlLogicTest {
    /**
     * The share of the quick subset's queries that must pass. It only goes up: a change that makes a query fail
     * that passed before has broken something.
     */
    private static final double QUICK_FLOOR = 0.0;

    @Test
    void quickSubset() throws Exception {
        SqlLogicTestSuite.Summary summary = SqlLogicTestSuite.run(SqlLogicTestSuite.QUICK, "jdbc:verso:mem:", 300,
            Path.of("target", "sqllogictest", "quick.txt"));
        System.out.println(summary.describe());
        assertTrue(summary.passRate() >= QUICK_FLOOR, summary.describe() + "; floor " + QUICK_FLOOR
            + "; failures in target/sqllogictest/quick.txt");
    }

    /** The files named by {@code -Dverso.slt.files=a.test,b.test} (paths in the corpus), to study a failure. */
    @Test
    @Tag("sqllogictest")
    void chosenFiles() throws Exception {
        String files = System.getProperty("verso.slt.files");
        if (files == null) {
            return;
        }
        SqlLogicTestSuite.Summary summary = SqlLogicTestSuite.run(List.of(files.split(",")), "jdbc:verso:mem:",
            600, Path.of("target", "sqllogictest", "chosen.txt"));
        System.out.println(summary.describe());
    }

    @Test
    @Tag("sqllogictest")
    void wholeCorpus() throws Exception {
        SqlLogicTestSuite.Summary summary = SqlLogicTestSuite.run(SqlLogicTestSuite.allFiles(), "jdbc:verso:mem:",
            600, Path.of("target", "sqllogictest", "broad.txt"));
        System.out.println(summary.describe());
        assertTrue(summary.queries() > 0, "no query ran");
    }
}
