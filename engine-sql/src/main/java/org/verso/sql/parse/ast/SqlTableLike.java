package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code LIKE source [{INCLUDING | EXCLUDING} option ...]} among the elements of CREATE TABLE: the columns of table
 * {@code source}, and what the options say to copy with them. {@code options} holds each option as written, in
 * order, its word prefixed with {@code +} for INCLUDING and {@code -} for EXCLUDING; the words are checked when the
 * statement runs.
 */
public final class SqlTableLike extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("LIKE", SqlKind.OTHER);

    public final SqlIdentifier source;
    public final List<String> options;

    public SqlTableLike(SqlParserPos pos, SqlIdentifier source, List<String> options) {
        super(pos);
        this.source = source;
        this.options = List.copyOf(options);
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(source);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("LIKE");
        source.unparse(writer, 0, 0);
        for (String option : options) {
            writer.keyword(option.startsWith("+") ? "INCLUDING" : "EXCLUDING");
            writer.keyword(option.substring(1));
        }
    }
}
