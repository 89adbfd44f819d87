package org.verso.sql.parse.ast;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;

/** Operators and unparse helpers shared by Verso's statement nodes. */
final class VersoSqlNodes {
    private VersoSqlNodes() {
    }

    static SqlSpecialOperator operator(String name, SqlKind kind) {
        return new SqlSpecialOperator(name, kind);
    }

    /** Writes {@code ( a, b, ... )}. */
    static void list(SqlWriter writer, SqlNodeList list) {
        SqlWriter.Frame frame = writer.startList("(", ")");
        for (SqlNode node : list) {
            writer.sep(",");
            node.unparse(writer, 0, 0);
        }
        writer.endList(frame);
    }

    /** Writes {@code column = value, ...}, as SET does. */
    static void assignments(SqlWriter writer, SqlNodeList columns, SqlNodeList values) {
        SqlWriter.Frame frame = writer.startList("", "");
        for (int i = 0; i < columns.size(); i++) {
            writer.sep(",");
            columns.get(i).unparse(writer, 0, 0);
            writer.keyword("=");
            values.get(i).unparse(writer, 0, 0);
        }
        writer.endList(frame);
    }

    /** Writes {@code keyword node} when the node is present. */
    static void optional(SqlWriter writer, String keyword, SqlNode node) {
        if (node != null) {
            writer.keyword(keyword);
            node.unparse(writer, 0, 0);
        }
    }
}
