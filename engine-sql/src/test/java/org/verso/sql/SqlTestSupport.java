package org.verso.sql;

import org.verso.sql.api.ExecutionResult;
import org.verso.sql.api.ResultRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.verso.common.VersoException;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;

/** A fresh in-memory database, its engine and one session per test, with helpers to run SQL. */
abstract class SqlTestSupport {
    protected Database database;
    protected SqlEngine engine;
    protected Session session;

    @BeforeEach
    void openDatabase() {
        database = Database.open(DatabaseConfig.inMemory("sql-" + UUID.randomUUID()));
        engine = new SqlEngine(database);
        session = engine.openSession();
    }

    @AfterEach
    void closeDatabase() {
        session.close();
        database.close();
    }

    /** Runs a query and returns its rows as lists. */
    protected List<List<Object>> query(String sql, Object... params) {
        ExecutionResult result = session.execute(session.prepare(sql), params);
        return rows(result);
    }

    static List<List<Object>> rows(ExecutionResult result) {
        List<List<Object>> rows = new ArrayList<>();
        try (ResultRows r = result.rows()) {
            while (r.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 0; i < r.columns().size(); i++) {
                    row.add(r.get(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    protected long update(String sql, Object... params) {
        return session.execute(session.prepare(sql), params).updateCount();
    }

    protected void execute(String sql) {
        session.execute(sql);
    }

    /** Asserts the statement fails with this SQLState and returns the exception. */
    protected VersoException assertFails(String sqlState, String sql, Object... params) {
        VersoException e = assertThrows(VersoException.class, () -> session.execute(session.prepare(sql), params));
        assertEquals(sqlState, e.sqlState(), () -> "message: " + e.getMessage());
        return e;
    }

    protected static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }
}
