package org.verso.sql.ddl;

import org.verso.core.Database;
import org.verso.sql.parse.ast.SqlCreateViewStatement;
import org.verso.sql.prepare.ViewDefinitions;

/** CREATE [OR REPLACE] VIEW name [(columns)] AS query. */
record CreateViewCommand(SqlCreateViewStatement statement) implements DdlCommand {
    @Override
    public void execute(Database database) {
        String name = Names.key(statement.name);
        // Validation rewrites the query it is given: work on a copy, so the statement can run again.
        database.createView(ViewDefinitions.define(name, statement.query.clone(statement.query.getParserPosition()),
            statement.columns == null ? null : TableDefinitions.names(statement.columns), database.catalog(),
            database.systemViews()), statement.getReplace());
    }
}
