package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlTruncate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code TRUNCATE [TABLE] name}. Verso runs it as {@code DELETE FROM name}: a transactional delete of every row, so
 * foreign keys and the session's transaction apply as to any DELETE.
 */
public final class SqlTruncateStatement extends SqlTruncate {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("TRUNCATE TABLE", SqlKind.TRUNCATE_TABLE);

    public final SqlIdentifier table;

    public SqlTruncateStatement(SqlParserPos pos, SqlIdentifier table) {
        super(OPERATOR, pos);
        this.table = table;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(table);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("TRUNCATE TABLE");
        table.unparse(writer, 0, 0);
    }
}
