package org.verso.sql.ddl;

import org.verso.common.ErrorCode;
import org.verso.core.Database;
import org.verso.core.catalog.SequenceDefinition;
import org.verso.sql.parse.ast.SqlCreateSequenceStatement;

/** CREATE SEQUENCE [IF NOT EXISTS] name [START WITH n] [INCREMENT BY m]: BIGINT values from n, step m. */
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
        long increment = TableDefinitions.nonZero(TableDefinitions.number(statement.increment, 1));
        database.createSequence(new SequenceDefinition(0, name, TableDefinitions.number(statement.start, 1),
            increment, null));
    }
}
