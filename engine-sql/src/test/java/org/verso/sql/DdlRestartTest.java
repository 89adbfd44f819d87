package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.VersoException;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;

/** What DDL creates survives closing and reopening a file database, and keeps working after it. */
class DdlRestartTest {
    @TempDir
    Path dir;

    private void withSession(Consumer<Session> work) {
        withDatabase((database, session) -> work.accept(session));
    }

    private void withDatabase(BiConsumer<Database, Session> work) {
        try (Database database = Database.open(DatabaseConfig.directory(dir))) {
            try (Session session = new SqlEngine(database).openSession()) {
                work.accept(database, session);
            }
        }
    }

    private static List<List<Object>> query(Session session, String sql) {
        return SqlTestSupport.rows(session.execute(sql));
    }

    private static String sqlState(Session session, String sql) {
        try {
            session.execute(sql);
            return "none";
        } catch (VersoException e) {
            return e.sqlState();
        }
    }

    /** A primary key added to a table with rows is kept, NOT NULL columns and index, and enforced after a reopening. */
    @Test
    void anAddedPrimaryKeySurvivesARestart() {
        withSession(s -> {
            s.execute("CREATE TABLE t (id INT, v VARCHAR(5))");
            s.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
            s.execute("ALTER TABLE t ADD PRIMARY KEY (id)");
        });
        withDatabase((database, s) -> {
            assertEquals(List.of("T_PKEY"), database.catalog().table("T").orElseThrow().primaryKeyIndex()
                .map(index -> List.of(index.name())).orElse(List.of()));
            assertEquals("23505", sqlState(s, "INSERT INTO t VALUES (2, 'c')"));
            assertEquals("23502", sqlState(s, "INSERT INTO t VALUES (NULL, 'c')"));
            s.execute("INSERT INTO t VALUES (3, 'c')");
            assertEquals(List.of(List.of("c")), query(s, "SELECT v FROM t WHERE id = 3"));
        });
    }

    /** A sequence's bounds and CYCLE are kept in the catalog: after a reopening it goes on within them. */
    @Test
    void sequenceBoundsSurviveARestart() {
        withSession(s -> {
            s.execute("CREATE SEQUENCE r MINVALUE 1 MAXVALUE 3 CYCLE");
            s.execute("CREATE SEQUENCE q AS SMALLINT START 32766");
            assertEquals(List.of(List.of(1L, 2L)), query(s, "SELECT nextval('r'), nextval('r')"));
            assertEquals(List.of(List.of(32766L, 32767L)), query(s, "SELECT nextval('q'), nextval('q')"));
        });
        withSession(s -> {
            assertEquals(List.of(List.of(3L, 1L)), query(s, "SELECT nextval('r'), nextval('r')"));
            assertEquals("2200H", sqlState(s, "SELECT nextval('q')"));
        });
    }

    @Test
    void schemaObjectsAndTheirBehaviourSurviveARestart() {
        withSession(s -> {
            s.execute("CREATE SCHEMA app");
            s.execute("CREATE TABLE app.parent (id INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "
                + "code CHAR(3) NOT NULL UNIQUE, qty INT DEFAULT 7 CHECK (qty >= 0))");
            s.execute("CREATE TABLE child (id INT PRIMARY KEY, p INT REFERENCES app.parent ON DELETE CASCADE)");
            s.execute("CREATE VIEW app.big AS SELECT id, code FROM app.parent WHERE qty > 5");
            s.execute("CREATE SEQUENCE tickets START WITH 1000 INCREMENT BY 10");
            s.execute("INSERT INTO app.parent (code) VALUES ('abc'), ('def')");
            s.execute("INSERT INTO child VALUES (1, 1)");
            s.execute("ALTER TABLE child ADD COLUMN note VARCHAR(10) DEFAULT 'old' NOT NULL");
        });
        withSession(s -> {
            assertEquals(List.of(row(1, "abc"), row(2, "def")), query(s, "SELECT * FROM app.big ORDER BY id"));
            s.execute("INSERT INTO app.parent (code, qty) VALUES ('ghi', 1)");
            assertEquals(List.of(row(3)), query(s, "SELECT id FROM app.parent WHERE code = 'ghi'"),
                "the identity continues after the values handed out before the restart");
            assertEquals("428C9", sqlState(s, "INSERT INTO app.parent VALUES (9, 'zzz', 1)"));
            assertEquals("23505", sqlState(s, "INSERT INTO app.parent (code) VALUES ('abc')"));
            assertEquals("23514", sqlState(s, "INSERT INTO app.parent (code, qty) VALUES ('neg', -1)"));
            assertEquals("23503", sqlState(s, "INSERT INTO child VALUES (2, 99)"));
            assertEquals(List.of(row(1, 1, "old")), query(s, "SELECT * FROM child"),
                "a row older than its column reads the column's default");
            s.execute("INSERT INTO child (id, p) VALUES (2, 2)");
            s.execute("DELETE FROM app.parent WHERE id = 1");
            assertEquals(List.of(row(2, 2, "old")), query(s, "SELECT * FROM child"), "ON DELETE CASCADE kept");
            assertEquals(List.of(row(1000L)), query(s, "SELECT NEXT VALUE FOR tickets"));
            assertEquals("2BP01", sqlState(s, "DROP TABLE app.parent"));
        });
        withSession(s -> {
            long next = (Long) query(s, "SELECT nextval('tickets')").get(0).get(0);
            assertTrue(next > 1000 && (next - 1000) % 10 == 0, "never repeats a value: " + next);
            s.execute("DROP SCHEMA app CASCADE");
            s.execute("DROP SEQUENCE tickets");
        });
        withSession(s -> {
            assertEquals("42P01", sqlState(s, "SELECT * FROM app.big"));
            assertEquals("3F000", sqlState(s, "CREATE TABLE app.t (a INT)"));
            assertEquals("42P01", sqlState(s, "SELECT NEXT VALUE FOR tickets"));
            assertEquals(List.of(row(2, 2, "old")), query(s, "SELECT * FROM child"));
        });
    }

    @Test
    void sequencesNeverRepeatAValueAcrossRestartsAndSessions() {
        Set<Long> seen = new HashSet<>();
        withSession(s -> s.execute("CREATE SEQUENCE s"));
        for (int restart = 0; restart < 3; restart++) {
            withDatabase((database, s) -> {
                try (Session other = new SqlEngine(database).openSession()) {
                    for (int i = 0; i < 40; i++) {
                        Session which = i % 2 == 0 ? s : other;
                        long value = (Long) query(which, "SELECT NEXT VALUE FOR s").get(0).get(0);
                        assertTrue(seen.add(value), "value " + value + " handed out twice");
                    }
                }
            });
        }
        assertEquals(120, seen.size());
        assertTrue(seen.contains(1L) && seen.stream().allMatch(v -> v > 0));
    }

    @Test
    void aSequenceRestartsWhereItIsToldAndStaysThereAcrossARestart() {
        withSession(s -> {
            s.execute("CREATE SEQUENCE s START WITH 10 INCREMENT BY 5");
            assertEquals(List.of(row(10L, 15L)), query(s, "SELECT NEXT VALUE FOR s, NEXT VALUE FOR s"));
            s.execute("ALTER SEQUENCE s RESTART WITH 100");
        });
        withDatabase((database, s) -> {
            assertEquals(List.of(row(100L)), query(s, "SELECT NEXT VALUE FOR s"));
            s.execute("ALTER SEQUENCE s RESTART");
            assertEquals(List.of(row(10L)), query(s, "SELECT NEXT VALUE FOR s"));
            s.execute("ALTER SEQUENCE IF EXISTS nosuch RESTART WITH 3");
            assertEquals("42P01", sqlState(s, "ALTER SEQUENCE nosuch RESTART"));
        });
        withDatabase((database, s) -> assertEquals(List.of(row(15L)), query(s, "SELECT NEXT VALUE FOR s")));
    }

    private static List<Object> row(Object... values) {
        return java.util.Arrays.asList(values);
    }
}
