package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/** {@code ALTER SEQUENCE [IF EXISTS] name RESTART [WITH n]}; without WITH the sequence restarts at its START. */
public final class SqlAlterSequenceStatement extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("ALTER SEQUENCE", SqlKind.ALTER_SEQUENCE);

    public final SqlIdentifier name;
    public final boolean ifExists;
    /** The value to restart at, or null for the sequence's start. */
    public final SqlNode restartWith;

    public SqlAlterSequenceStatement(SqlParserPos pos, SqlIdentifier name, boolean ifExists, SqlNode restartWith) {
        super(pos);
        this.name = name;
        this.ifExists = ifExists;
        this.restartWith = restartWith;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(name, restartWith);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("ALTER SEQUENCE");
        if (ifExists) {
            writer.keyword("IF EXISTS");
        }
        name.unparse(writer, 0, 0);
        writer.keyword("RESTART");
        VersoSqlNodes.optional(writer, "WITH", restartWith);
    }
}
