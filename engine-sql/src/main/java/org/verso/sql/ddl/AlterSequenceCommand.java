package org.verso.sql.ddl;

import org.verso.common.ErrorCode;
import org.verso.core.Database;
import org.verso.core.catalog.SequenceDefinition;
import org.verso.sql.parse.ast.SqlAlterSequenceStatement;

/**
 * ALTER SEQUENCE [IF EXISTS] name RESTART [WITH n]: the sequence's next value is n, or its START. Like other DDL it
 * takes effect at once, whatever the surrounding transaction does.
 */
record AlterSequenceCommand(SqlAlterSequenceStatement statement) implements DdlCommand {
    @Override
    public void execute(Database database) {
        String name = Names.key(statement.name);
        SequenceDefinition sequence = database.catalog().sequence(name).orElse(null);
        if (sequence == null) {
            if (statement.ifExists) {
                return;
            }
            throw ErrorCode.OBJECT_NOT_FOUND.exception("sequence", name);
        }
        database.restartSequence(name, TableDefinitions.number(statement.restartWith, sequence.start()));
    }
}
