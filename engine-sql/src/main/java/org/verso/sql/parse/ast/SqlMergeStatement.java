package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * The SQL standard's {@code MERGE INTO target [[AS] alias] USING source ON condition} followed by WHEN clauses
 * ({@link SqlMergeWhen}), tried in order: for a target row the source row matches, the first {@code WHEN MATCHED
 * [AND condition]} clause whose condition holds acts; for a source row that matches none, the first {@code WHEN NOT
 * MATCHED [AND condition]} clause does.
 */
public final class SqlMergeStatement extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("MERGE", SqlKind.OTHER);

    public final SqlIdentifier table;
    /** The target's alias, or null. */
    public final SqlIdentifier alias;
    /** The source: a table, a subquery or VALUES, with its alias. */
    public final SqlNode source;
    public final SqlNode condition;
    /** The WHEN clauses, {@link SqlMergeWhen}s in the order written. */
    public final SqlNodeList clauses;

    public SqlMergeStatement(SqlParserPos pos, SqlIdentifier table, SqlIdentifier alias, SqlNode source,
                             SqlNode condition, SqlNodeList clauses) {
        super(pos);
        this.table = table;
        this.alias = alias;
        this.source = source;
        this.condition = condition;
        this.clauses = clauses;
    }

    /** The WHEN clauses, in order. */
    public List<SqlMergeWhen> whens() {
        return clauses.stream().map(SqlMergeWhen.class::cast).toList();
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(table, alias, source, condition, clauses);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("MERGE INTO");
        table.unparse(writer, 0, 0);
        VersoSqlNodes.optional(writer, "AS", alias);
        writer.keyword("USING");
        source.unparse(writer, 0, 0);
        writer.keyword("ON");
        condition.unparse(writer, 0, 0);
        for (SqlNode clause : clauses) {
            clause.unparse(writer, 0, 0);
        }
    }
}
