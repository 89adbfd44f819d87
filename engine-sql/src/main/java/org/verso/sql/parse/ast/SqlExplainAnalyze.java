package org.verso.sql.parse.ast;

import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlExplainFormat;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code EXPLAIN ANALYZE statement}: the statement runs (a change too, as in PostgreSQL), and its plan is returned
 * with what each operator did.
 */
public final class SqlExplainAnalyze extends SqlExplain {
    public SqlExplainAnalyze(SqlParserPos pos, SqlNode statement) {
        super(pos, statement, SqlExplainLevel.EXPPLAN_ATTRIBUTES.symbol(SqlParserPos.ZERO),
            SqlExplain.Depth.PHYSICAL.symbol(SqlParserPos.ZERO), SqlExplainFormat.TEXT.symbol(SqlParserPos.ZERO), 0);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("EXPLAIN ANALYZE");
        getExplicandum().unparse(writer, 0, 0);
    }
}
