package org.verso.sql.ddl;

import org.verso.core.Database;
import org.verso.core.catalog.TableDefinition;

/** CREATE TABLE [IF NOT EXISTS]. */
public record CreateTableCommand(TableDefinition definition, boolean ifNotExists) implements DdlCommand {
    @Override
    public void execute(Database database) {
        if (ifNotExists && database.catalog().table(definition.name()).isPresent()) {
            return;
        }
        database.createTable(definition);
    }
}
