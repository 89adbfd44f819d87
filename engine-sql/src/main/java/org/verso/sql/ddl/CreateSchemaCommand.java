package org.verso.sql.ddl;

import org.verso.common.ErrorCode;
import org.verso.core.Database;
import org.verso.sql.parse.ast.SqlCreateSchemaStatement;

/** CREATE SCHEMA [IF NOT EXISTS] name. */
record CreateSchemaCommand(SqlCreateSchemaStatement statement) implements DdlCommand {
    @Override
    public void execute(Database database) {
        if (statement.getReplace()) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("CREATE OR REPLACE SCHEMA");
        }
        String name = Names.simple(statement.name);
        if (statement.ifNotExists && database.catalog().hasSchema(name)) {
            return;
        }
        database.createSchema(name);
    }
}
