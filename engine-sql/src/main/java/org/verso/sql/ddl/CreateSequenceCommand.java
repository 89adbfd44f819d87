package org.verso.sql.ddl;

import org.verso.common.ErrorCode;
import org.verso.core.Database;
import org.verso.sql.parse.ast.SqlCreateSequenceStatement;

/** CREATE SEQUENCE [IF NOT EXISTS] name [options]: see {@link SequenceDefinitions} for what the options mean. */
record CreateSequenceCommand(SqlCreateSequenceStatement statement) implements DdlCommand {
    @Override
    public void execute(Database database) {
        if (statement.getReplace()) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("CREATE OR REPLACE SEQUENCE");
        }
        String name = Names.key(statement.name);
        if (statement.ifNotExists && database.catalog().sequence(name).isPresent()) {
            return;
        }
        database.createSequence(SequenceDefinitions.of(name, statement.options, null, null));
    }
}
