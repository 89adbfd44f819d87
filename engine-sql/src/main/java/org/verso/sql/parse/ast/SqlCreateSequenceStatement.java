package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCreate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/** {@code CREATE SEQUENCE [IF NOT EXISTS] name [START [WITH] n] [INCREMENT [BY] m]}. */
public final class SqlCreateSequenceStatement extends SqlCreate {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("CREATE SEQUENCE", SqlKind.CREATE_SEQUENCE);

    public final SqlIdentifier name;
    /** A numeric literal, or null for 1. */
    public final SqlNode start;
    /** A numeric literal, or null for 1. */
    public final SqlNode increment;

    public SqlCreateSequenceStatement(SqlParserPos pos, boolean replace, boolean ifNotExists, SqlIdentifier name, SqlNode start,
                                      SqlNode increment) {
        super(OPERATOR, pos, replace, ifNotExists);
        this.name = name;
        this.start = start;
        this.increment = increment;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(name, start, increment);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("CREATE SEQUENCE");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        name.unparse(writer, 0, 0);
        VersoSqlNodes.optional(writer, "START WITH", start);
        VersoSqlNodes.optional(writer, "INCREMENT BY", increment);
    }
}
