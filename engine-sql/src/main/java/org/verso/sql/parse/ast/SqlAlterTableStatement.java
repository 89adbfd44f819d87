package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlDdl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code ALTER TABLE name action}: {@code ADD [COLUMN] column}, {@code ADD constraint},
 * {@code DROP [COLUMN] [IF EXISTS] name [CASCADE | RESTRICT]} or
 * {@code DROP CONSTRAINT [IF EXISTS] name [CASCADE | RESTRICT]}. {@link #subject} is a {@link SqlColumnDefinition},
 * a {@link SqlTableConstraint} or the identifier of the column or constraint dropped.
 */
public final class SqlAlterTableStatement extends SqlDdl {
    /** The change the statement makes. */
    public enum Action {
        ADD_COLUMN, ADD_CONSTRAINT, DROP_COLUMN, DROP_CONSTRAINT
    }

    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("ALTER TABLE", SqlKind.ALTER_TABLE);

    public final SqlIdentifier table;
    public final Action action;
    public final SqlNode subject;
    /** A DROP of something that does not exist does nothing. */
    public final boolean ifExists;
    /** A DROP also drops what depends on the dropped object (CASCADE) instead of failing. */
    public final boolean cascade;

    public SqlAlterTableStatement(SqlParserPos pos, SqlIdentifier table, Action action, SqlNode subject) {
        this(pos, table, action, subject, false, false);
    }

    public SqlAlterTableStatement(SqlParserPos pos, SqlIdentifier table, Action action, SqlNode subject,
                                  boolean ifExists, boolean cascade) {
        super(OPERATOR, pos);
        this.table = table;
        this.action = action;
        this.subject = subject;
        this.ifExists = ifExists;
        this.cascade = cascade;
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
        table.unparse(writer, 0, 0);
        writer.keyword(switch (action) {
            case ADD_COLUMN -> "ADD COLUMN";
            case ADD_CONSTRAINT -> "ADD";
            case DROP_COLUMN -> "DROP COLUMN";
            case DROP_CONSTRAINT -> "DROP CONSTRAINT";
        });
        if (ifExists) {
            writer.keyword("IF EXISTS");
        }
        subject.unparse(writer, 0, 0);
        if (cascade) {
            writer.keyword("CASCADE");
        }
    }
}
