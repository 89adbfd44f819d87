package org.verso.sql.ddl;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.verso.common.ErrorCode;
import org.verso.core.Database;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.parse.ast.SqlCreateIndexStatement;

/**
 * CREATE [UNIQUE] INDEX [IF NOT EXISTS] [name] ON table (column [ASC | DESC], ...) [USING mvidx | btree]: resolves
 * the columns and hands the definition to {@link Database#createIndex}, which builds the index storage. Without a
 * name the index is named as PostgreSQL names it: the table, the columns and {@code IDX}, joined by underscores,
 * with the first number that makes it unique appended if that name is taken.
 */
record CreateIndexCommand(SqlCreateIndexStatement statement) implements DdlCommand {
    @Override
    public void execute(Database database) {
        if (statement.getReplace()) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("CREATE OR REPLACE INDEX");
        }
        String tableName = Names.key(statement.table);
        if (statement.name == null && statement.ifNotExists) {
            throw ErrorCode.SYNTAX_ERROR.exception("CREATE INDEX IF NOT EXISTS needs the index's name");
        }
        String name = statement.name == null ? generatedName(database, tableName) : Names.simple(statement.name);
        boolean exists = database.catalog().tables().stream().anyMatch(t -> t.index(name).isPresent());
        if (exists && statement.ifNotExists) {
            return;
        }
        TableDefinition table = database.catalog().table(tableName)
            .orElseThrow(() -> ErrorCode.TABLE_NOT_FOUND.exception(tableName));
        List<Integer> columns = new ArrayList<>();
        List<Boolean> descending = new ArrayList<>();
        for (SqlNode node : statement.columns) {
            boolean desc = node instanceof SqlBasicCall call;
            SqlIdentifier column = (SqlIdentifier) (desc ? ((SqlBasicCall) node).operand(0) : node);
            int position = table.columnIndex(Names.simple(column));
            if (position < 0) {
                throw ErrorCode.COLUMN_NOT_FOUND.exception(tableName + "." + column.getSimple());
            }
            columns.add(position);
            descending.add(desc);
        }
        boolean[] desc = new boolean[descending.size()];
        for (int i = 0; i < desc.length; i++) {
            desc[i] = descending.get(i);
        }
        IndexKind kind = statement.method == null ? database.config().indexKind() : IndexKind.parse(statement.method.getSimple());
        IndexDefinition index = new IndexDefinition(0, name, columns.stream().mapToInt(Integer::intValue).toArray(),
            desc, statement.unique, kind, IndexOrigin.CREATE_INDEX);
        table.validate(index);
        database.createIndex(tableName, index);
    }

    private String generatedName(Database database, String tableName) {
        StringBuilder base = new StringBuilder(tableName.substring(tableName.lastIndexOf('.') + 1));
        for (SqlNode node : statement.columns) {
            SqlIdentifier column = (SqlIdentifier) (node instanceof SqlBasicCall call ? call.operand(0) : node);
            base.append('_').append(Names.simple(column));
        }
        base.append("_IDX");
        String name = base.toString();
        for (int n = 1; isTaken(database, name); n++) {
            name = base.toString() + n;
        }
        return name;
    }

    private static boolean isTaken(Database database, String name) {
        return database.catalog().tables().stream().anyMatch(t -> t.index(name).isPresent());
    }
}
