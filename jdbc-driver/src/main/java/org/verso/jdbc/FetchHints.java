package org.verso.jdbc;

import org.verso.common.SqlState;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The fetch hints a Statement and a ResultSet both accept. Results are materialised by the engine, so the fetch
 * size is only remembered, and the only direction is forward.
 */
final class FetchHints {
    private int fetchSize;

    void setDirection(int direction) throws SQLException {
        if (direction != ResultSet.FETCH_FORWARD) {
            throw SqlExceptions.unsupported("a fetch direction other than FETCH_FORWARD");
        }
    }

    int direction() {
        return ResultSet.FETCH_FORWARD;
    }

    void setSize(int rows) throws SQLException {
        if (rows < 0) {
            throw SqlExceptions.create("fetch size must not be negative", SqlState.INVALID_PARAMETER_VALUE);
        }
        fetchSize = rows;
    }

    int size() {
        return fetchSize;
    }
}
