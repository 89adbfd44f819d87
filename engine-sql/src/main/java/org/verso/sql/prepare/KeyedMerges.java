package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.parse.ast.SqlInsertOnConflict;
import org.verso.sql.parse.ast.SqlMergeByKey;

/**
 * H2's {@code MERGE INTO table [(columns)] [KEY (columns)] ...} as the upsert it is: {@code INSERT INTO table
 * [(columns)] ... ON CONFLICT (key) DO UPDATE SET} each given column outside the key {@code = EXCLUDED.column}. The
 * key is the primary key's columns when KEY is left out, and must be those of a PRIMARY KEY or UNIQUE constraint
 * (42P10 otherwise; H2 also takes columns without one). A row whose key is taken updates that row even if it gives
 * no other column (its key columns are set to the values they have), so it counts as H2 counts it.
 */
final class KeyedMerges {
    private KeyedMerges() {
    }

    static SqlInsertOnConflict asUpsert(SqlMergeByKey merge, Catalog catalog) {
        TableDefinition table = TargetTables.stored(merge.table, catalog, "MERGE");
        SqlParserPos pos = merge.getParserPosition();
        SqlNodeList key = merge.key;
        if (key == null) {
            IndexDefinition primaryKey = table.primaryKeyIndex().orElseThrow(() -> ErrorCode.NO_CONFLICT_TARGET
                .exception(table.name(), "of MERGE without KEY (the table has no primary key)"));
            key = names(Arrays.stream(primaryKey.columns()).mapToObj(c -> table.column(c).name()).toList(), pos);
        }
        List<String> keyNames = key.stream().map(k -> ((SqlIdentifier) k).getSimple()).toList();
        List<String> given = merge.columns != null
            ? merge.columns.stream().map(c -> ((SqlIdentifier) c).getSimple()).toList()
            : table.columns().stream().map(c -> c.name()).toList();
        List<String> updated = new ArrayList<>(given.stream().filter(c -> !keyNames.contains(c)).toList());
        if (updated.isEmpty()) {
            updated.add(keyNames.get(0));
        }
        List<SqlNode> values = updated.stream()
            .<SqlNode>map(c -> new SqlIdentifier(List.of("EXCLUDED", c), pos)).toList();
        SqlInsert insert = new SqlInsert(pos, SqlNodeList.EMPTY, merge.table, merge.source, merge.columns);
        return new SqlInsertOnConflict(pos, insert, key, null, names(updated, pos), new SqlNodeList(values, pos),
            null);
    }

    private static SqlNodeList names(List<String> names, SqlParserPos pos) {
        return new SqlNodeList(names.stream().<SqlNode>map(n -> new SqlIdentifier(n, pos)).toList(), pos);
    }
}
