package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * {@code INSERT ... ON CONFLICT [(column, ...) | ON CONSTRAINT name] DO NOTHING} or {@code DO UPDATE SET column =
 * expression, ... [WHERE condition]}, PostgreSQL's (and SQLite's) upsert: a proposed row whose key a row of the
 * table already holds is skipped, or that row is updated instead. In the SET expressions and the WHERE condition,
 * columns name the existing row (unqualified or qualified with the table's name) and {@code EXCLUDED.column} the row
 * proposed for insertion.
 */
public final class SqlInsertOnConflict extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("ON CONFLICT", SqlKind.OTHER);

    public final SqlInsert insert;
    /** The conflict target's columns, or null. */
    public final SqlNodeList targetColumns;
    /** The conflict target named as a constraint, or null. */
    public final SqlIdentifier constraint;
    /** The columns DO UPDATE sets, or null for DO NOTHING. */
    public final SqlNodeList updateColumns;
    /** The values of {@link #updateColumns}, one each. */
    public final SqlNodeList updateValues;
    /** DO UPDATE's WHERE condition, or null. */
    public final SqlNode condition;

    public SqlInsertOnConflict(SqlParserPos pos, SqlInsert insert, SqlNodeList targetColumns, SqlIdentifier constraint,
                               SqlNodeList updateColumns, SqlNodeList updateValues, SqlNode condition) {
        super(pos);
        this.insert = insert;
        this.targetColumns = targetColumns;
        this.constraint = constraint;
        this.updateColumns = updateColumns;
        this.updateValues = updateValues;
        this.condition = condition;
    }

    public boolean doesNothing() {
        return updateColumns == null;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(insert, targetColumns, constraint, updateColumns, updateValues, condition);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        insert.unparse(writer, 0, 0);
        writer.keyword("ON CONFLICT");
        if (targetColumns != null) {
            VersoSqlNodes.list(writer, targetColumns);
        }
        VersoSqlNodes.optional(writer, "ON CONSTRAINT", constraint);
        if (doesNothing()) {
            writer.keyword("DO NOTHING");
            return;
        }
        writer.keyword("DO UPDATE SET");
        VersoSqlNodes.assignments(writer, updateColumns, updateValues);
        VersoSqlNodes.optional(writer, "WHERE", condition);
    }
}
