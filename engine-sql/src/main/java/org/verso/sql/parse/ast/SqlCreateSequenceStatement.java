package org.verso.sql.parse.ast;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCreate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CREATE SEQUENCE [IF NOT EXISTS] name [options]}; see {@link SequenceOptions}. */
public final class SqlCreateSequenceStatement extends SqlCreate {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("CREATE SEQUENCE", SqlKind.CREATE_SEQUENCE);

    public final SqlIdentifier name;
    public final SequenceOptions options;

    public SqlCreateSequenceStatement(SqlParserPos pos, boolean replace, boolean ifNotExists, SqlIdentifier name,
                                      SequenceOptions options) {
        super(OPERATOR, pos, replace, ifNotExists);
        this.name = name;
        this.options = options;
    }

    @Override
    public List<SqlNode> getOperandList() {
        List<SqlNode> operands = new ArrayList<>();
        operands.add(name);
        operands.addAll(options.operands());
        return operands;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("CREATE SEQUENCE");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        name.unparse(writer, 0, 0);
        options.unparse(writer);
    }
}
