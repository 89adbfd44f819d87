package org.verso.sql.exec.constraint;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.table.RowCursor;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;

/**
 * UNIQUE constraints checked by the SQL layer until unique secondary indexes enforce them in the table: after a
 * statement's writes, one scan of the table counts the rows the transaction sees with each key the statement
 * wrote; a key seen twice fails with 23505. A constraint whose columns include the whole primary key is implied by
 * it and never checked. Not protected against a concurrent transaction writing the same key (see docs/constraints.md).
 */
final class UniqueConstraints {
    private final String table;
    private final List<IndexDefinition> constraints;

    UniqueConstraints(String table, List<IndexDefinition> constraints) {
        this.table = table;
        this.constraints = List.copyOf(constraints);
    }

    boolean isEmpty() {
        return constraints.isEmpty();
    }

    /**
     * Checks the keys the statement wrote; for an UPDATE, {@code oldRows} (same order) lets a row whose key did not
     * change skip the scan.
     */
    void check(ExecContext ctx, List<Object[]> writtenRows, List<Object[]> oldRows) {
        if (constraints.isEmpty() || writtenRows.isEmpty()) {
            return;
        }
        Table target = ctx.table(table);
        for (IndexDefinition constraint : constraints) {
            int[] columns = constraint.columns();
            Set<KeyValues> written = new HashSet<>();
            for (int r = 0; r < writtenRows.size(); r++) {
                KeyValues key = KeyValues.of(writtenRows.get(r), columns);
                if (!key.hasNull() && (oldRows == null || !key.equals(KeyValues.of(oldRows.get(r), columns)))) {
                    written.add(key);
                }
            }
            if (written.isEmpty()) {
                continue;
            }
            Map<KeyValues, Integer> seen = new HashMap<>();
            RowCursor rows = target.scan(ctx.transaction());
            while (rows.next()) {
                KeyValues key = KeyValues.of(rows.row(), columns);
                if (written.contains(key) && seen.merge(key, 1, Integer::sum) > 1) {
                    throw ErrorCode.UNIQUE_CONSTRAINT_VIOLATION.exception(key, constraint.name(), table);
                }
            }
        }
    }

    /** Checks that no two of {@code rows}, which are all the table's rows, share a key (ALTER TABLE ADD). */
    void checkAmong(List<Object[]> rows) {
        for (IndexDefinition constraint : constraints) {
            Set<KeyValues> seen = new HashSet<>();
            for (Object[] row : rows) {
                KeyValues key = KeyValues.of(row, constraint.columns());
                if (!key.hasNull() && !seen.add(key)) {
                    throw ErrorCode.UNIQUE_CONSTRAINT_VIOLATION.exception(key, constraint.name(), table);
                }
            }
        }
    }
}
