package org.verso.sql.parse.ast;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;

/**
 * The options of CREATE SEQUENCE and of an identity column's sequence, as PostgreSQL takes them, in any order:
 * {@code AS type}, {@code START [WITH] n}, {@code INCREMENT [BY] n}, {@code MINVALUE n | NO MINVALUE},
 * {@code MAXVALUE n | NO MAXVALUE}, {@code [NO] CYCLE} and {@code CACHE n} (accepted; values are handed out from
 * memory anyway). Numbers are numeric literals; an option not given is null (CYCLE: false). Filled in by the
 * parser, read-only after.
 */
public final class SequenceOptions {
    private SqlDataTypeSpec type;
    private SqlNode start;
    private SqlNode increment;
    private SqlNode minValue;
    private SqlNode maxValue;
    private boolean cycle;

    /** Options none of which was given. */
    public static SequenceOptions none() {
        return new SequenceOptions();
    }

    public void type(SqlDataTypeSpec value) {
        type = value;
    }

    public void start(SqlNode value) {
        start = value;
    }

    public void increment(SqlNode value) {
        increment = value;
    }

    /** MINVALUE n, or NO MINVALUE (null): the default bound. */
    public void minValue(SqlNode value) {
        minValue = value;
    }

    /** MAXVALUE n, or NO MAXVALUE (null): the default bound. */
    public void maxValue(SqlNode value) {
        maxValue = value;
    }

    public void cycle(boolean value) {
        cycle = value;
    }

    /** The AS type, or null (BIGINT for CREATE SEQUENCE, the column's type for an identity). */
    public SqlDataTypeSpec type() {
        return type;
    }

    public SqlNode start() {
        return start;
    }

    public SqlNode increment() {
        return increment;
    }

    public SqlNode minValue() {
        return minValue;
    }

    public SqlNode maxValue() {
        return maxValue;
    }

    public boolean cycle() {
        return cycle;
    }

    /** The given options, as operands of the statement that holds them. */
    List<SqlNode> operands() {
        List<SqlNode> operands = new ArrayList<>();
        for (SqlNode node : new SqlNode[] {type, start, increment, minValue, maxValue}) {
            if (node != null) {
                operands.add(node);
            }
        }
        return operands;
    }

    /** Writes the given options, each after its keyword. */
    void unparse(SqlWriter writer) {
        if (type != null) {
            writer.keyword("AS");
            type.unparse(writer, 0, 0);
        }
        VersoSqlNodes.optional(writer, "START WITH", start);
        VersoSqlNodes.optional(writer, "INCREMENT BY", increment);
        VersoSqlNodes.optional(writer, "MINVALUE", minValue);
        VersoSqlNodes.optional(writer, "MAXVALUE", maxValue);
        if (cycle) {
            writer.keyword("CYCLE");
        }
    }

    /** Whether any option was given. */
    boolean given() {
        return cycle || !operands().isEmpty();
    }
}
