package org.verso.sql.parse;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.util.SqlShuttle;

/** Syntax trees copied, for a rewrite that puts one expression in two places the validator may each change. */
public final class SqlTrees {
    private SqlTrees() {
    }

    /** A copy of {@code node} that shares no node with it. */
    public static SqlNode copy(SqlNode node) {
        return node.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlCall call) {
                CallCopyingArgHandler handler = new CallCopyingArgHandler(call, true);
                call.getOperator().acceptCall(this, call, false, handler);
                return handler.result();
            }

            @Override
            public SqlNode visit(SqlNodeList list) {
                List<SqlNode> copied = new ArrayList<>();
                for (SqlNode item : list) {
                    copied.add(item == null ? null : item.accept(this));
                }
                return new SqlNodeList(copied, list.getParserPosition());
            }

            @Override
            public SqlNode visit(SqlIdentifier id) {
                return id.clone(id.getParserPosition());
            }

            @Override
            public SqlNode visit(SqlDynamicParam param) {
                return new SqlDynamicParam(param.getIndex(), param.getParserPosition());
            }
        });
    }
}
