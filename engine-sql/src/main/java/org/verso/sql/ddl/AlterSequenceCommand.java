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
        long value = TableDefinitions.number(statement.restartWith, sequence.start());
        if (!sequence.contains(value)) {
            throw ErrorCode.INVALID_ARGUMENT.exception("RESTART value (" + value + ") must lie between MINVALUE ("
                + sequence.minValue() + ") and MAXVALUE (" + sequence.maxValue() + ")");
        }
        database.restartSequence(name, value);
    }
}
