package org.verso.sql.ddl;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.verso.common.ErrorCode;
import org.verso.sql.parse.ast.SqlAlterTableStatement;
import org.verso.sql.parse.ast.SqlCreateIndexStatement;
import org.verso.sql.parse.ast.SqlCreateSchemaStatement;
import org.verso.sql.parse.ast.SqlAlterSequenceStatement;
import org.verso.sql.parse.ast.SqlCreateSequenceStatement;
import org.verso.sql.parse.ast.SqlCreateTableAsStatement;
import org.verso.sql.parse.ast.SqlCreateTableStatement;
import org.verso.sql.parse.ast.SqlCreateViewStatement;
import org.verso.sql.parse.ast.SqlDropStatement;

/**
 * Maps each parsed DDL statement to the {@link DdlCommand} that runs it. Names are resolved when the command runs,
 * against the catalog as it is then. Statements Verso parses but does not run are refused with 0A000.
 */
public final class DdlTranslator {
    private DdlTranslator() {
    }

    public static boolean isDdl(SqlNode node) {
        return node.getKind().belongsTo(SqlKind.DDL);
    }

    public static DdlCommand translate(SqlNode node) {
        if (node instanceof SqlCreateTableStatement create) {
            return new CreateTableCommand(create);
        }
        if (node instanceof SqlCreateTableAsStatement create) {
            return new CreateTableAsCommand(create);
        }
        if (node instanceof SqlCreateIndexStatement create) {
            return new CreateIndexCommand(create);
        }
        if (node instanceof SqlCreateViewStatement create) {
            return new CreateViewCommand(create);
        }
        if (node instanceof SqlCreateSchemaStatement create) {
            return new CreateSchemaCommand(create);
        }
        if (node instanceof SqlAlterSequenceStatement alter) {
            return new AlterSequenceCommand(alter);
        }
        if (node instanceof SqlCreateSequenceStatement create) {
            return new CreateSequenceCommand(create);
        }
        if (node instanceof SqlDropStatement drop) {
            return new DropCommand(drop);
        }
        if (node instanceof SqlAlterTableStatement alter) {
            return new AlterTableCommand(alter);
        }
        throw ErrorCode.FEATURE_NOT_SUPPORTED.exception(node.getKind().sql.replace('_', ' '));
    }
}
