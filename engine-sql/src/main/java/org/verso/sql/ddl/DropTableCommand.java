package org.verso.sql.ddl;

import org.verso.common.ErrorCode;
import org.verso.core.Database;

/** DROP TABLE [IF EXISTS]. */
public record DropTableCommand(String table, boolean ifExists) implements DdlCommand {
    @Override
    public void execute(Database database) {
        if (database.catalog().table(table).isEmpty()) {
            if (ifExists) {
                return;
            }
            throw ErrorCode.TABLE_NOT_FOUND.exception(table);
        }
        database.dropTable(table);
    }
}
