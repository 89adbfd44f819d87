package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlTruncate;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code TRUNCATE [TABLE] name [, name ...] [RESTART IDENTITY | CONTINUE IDENTITY] [CASCADE | RESTRICT]}, as
 * PostgreSQL writes it. Verso runs it as a {@code DELETE FROM} of each table: a transactional delete of every row,
 * so foreign keys and the session's transaction apply as to any DELETE; RESTART IDENTITY restarts the tables'
 * identity sequences when the transaction commits, CASCADE empties the tables whose foreign keys reference them too.
 */
public final class SqlTruncateStatement extends SqlTruncate {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("TRUNCATE TABLE", SqlKind.TRUNCATE_TABLE);

    public final List<SqlIdentifier> tables;
    public final boolean restartIdentity;
    public final boolean cascade;

    public SqlTruncateStatement(SqlParserPos pos, List<SqlIdentifier> tables, boolean restartIdentity,
                                boolean cascade) {
        super(OPERATOR, pos);
        this.tables = List.copyOf(tables);
        this.restartIdentity = restartIdentity;
        this.cascade = cascade;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.copyOf(tables);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("TRUNCATE TABLE");
        SqlWriter.Frame frame = writer.startList("", "");
        for (SqlIdentifier table : tables) {
            writer.sep(",");
            table.unparse(writer, 0, 0);
        }
        writer.endList(frame);
        if (restartIdentity) {
            writer.keyword("RESTART IDENTITY");
        }
        if (cascade) {
            writer.keyword("CASCADE");
        }
    }
}
