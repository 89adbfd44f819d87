package org.verso.sql.ddl;

import org.verso.core.Database;
import org.verso.sql.parse.ast.SqlCreateTableStatement;

/** CREATE TABLE [IF NOT EXISTS]: the table, its constraints, and the sequences of its identity columns. */
record CreateTableCommand(SqlCreateTableStatement statement) implements DdlCommand {
    @Override
    public void execute(Database database) {
        String name = Names.key(statement.name);
        if (statement.ifNotExists && database.catalog().table(name).isPresent()) {
            return;
        }
        TableDefinitions.NewTable table = new TableDefinitions(database.catalog(), name, database.config().indexKind()).create(statement);
        ExpressionChecks.checkAll(database.catalog(), table.table());
        database.createTable(table.table(), table.sequences());
    }
}
