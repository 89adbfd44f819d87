package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlDdl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code ALTER TABLE [IF EXISTS] name action}: {@code ADD [COLUMN] [IF NOT EXISTS] column}, {@code ADD constraint},
 * {@code DROP [COLUMN] [IF EXISTS] name [CASCADE | RESTRICT]}, {@code DROP CONSTRAINT [IF EXISTS] name [CASCADE |
 * RESTRICT]}, {@code ALTER [COLUMN] name change}, {@code RENAME [COLUMN] name TO name} or {@code RENAME TO name}.
 * {@link #subject} is a {@link SqlColumnDefinition}, a {@link SqlTableConstraint}, the identifier of the column or
 * constraint dropped, a {@link SqlAlterColumn}, the old and new column names, or the table's new name.
 */
public final class SqlAlterTableStatement extends SqlDdl {
    /** The change the statement makes. */
    public enum Action {
        ADD_COLUMN, ADD_CONSTRAINT, DROP_COLUMN, DROP_CONSTRAINT, ALTER_COLUMN, RENAME_COLUMN, RENAME_TABLE
    }

    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("ALTER TABLE", SqlKind.ALTER_TABLE);

    public final SqlIdentifier table;
    public final Action action;
    public final SqlNode subject;
    /** A DROP of something that does not exist, or an ADD of a column that does (IF NOT EXISTS), does nothing. */
    public final boolean ifExists;
    /** The statement does nothing if the table does not exist (ALTER TABLE IF EXISTS). */
    public final boolean tableIfExists;
    /** A DROP also drops what depends on the dropped object (CASCADE) instead of failing. */
    public final boolean cascade;

    public SqlAlterTableStatement(SqlParserPos pos, SqlIdentifier table, Action action, SqlNode subject) {
        this(pos, table, action, subject, false, false, false);
    }

    public SqlAlterTableStatement(SqlParserPos pos, SqlIdentifier table, Action action, SqlNode subject,
                                  boolean ifExists, boolean cascade, boolean tableIfExists) {
        super(OPERATOR, pos);
        this.table = table;
        this.action = action;
        this.subject = subject;
        this.ifExists = ifExists;
        this.cascade = cascade;
        this.tableIfExists = tableIfExists;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(table, subject);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("ALTER TABLE");
        if (tableIfExists) {
            writer.keyword("IF EXISTS");
        }
        table.unparse(writer, 0, 0);
        writer.keyword(switch (action) {
            case ADD_COLUMN -> "ADD COLUMN";
            case ADD_CONSTRAINT -> "ADD";
            case DROP_COLUMN -> "DROP COLUMN";
            case DROP_CONSTRAINT -> "DROP CONSTRAINT";
            case ALTER_COLUMN -> "ALTER COLUMN";
            case RENAME_COLUMN -> "RENAME COLUMN";
            case RENAME_TABLE -> "RENAME TO";
        });
        if (ifExists) {
            writer.keyword(action == Action.ADD_COLUMN ? "IF NOT EXISTS" : "IF EXISTS");
        }
        if (subject instanceof SqlNodeList names) { // RENAME COLUMN old TO new
            names.get(0).unparse(writer, 0, 0);
            writer.keyword("TO");
            names.get(1).unparse(writer, 0, 0);
        } else {
            subject.unparse(writer, 0, 0);
        }
        if (cascade) {
            writer.keyword("CASCADE");
        }
    }
}
