package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.verso.sql.api.Isolation;

/**
 * {@code BEGIN [WORK | TRANSACTION] [ISOLATION LEVEL level]}, {@code START TRANSACTION [ISOLATION LEVEL level]},
 * {@code COMMIT [WORK]}, {@code ROLLBACK [WORK]}, {@code SAVEPOINT name}, {@code ROLLBACK [WORK] TO [SAVEPOINT] name},
 * {@code RELEASE [SAVEPOINT] name}, {@code SET TRANSACTION ISOLATION LEVEL level} and {@code SET SESSION
 * CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL level}: statements the session runs itself, never planned.
 */
public final class SqlTransactionStatement extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("TRANSACTION CONTROL", SqlKind.OTHER);

    public final TransactionControl control;
    private final SqlIdentifier name;

    public SqlTransactionStatement(SqlParserPos pos, TransactionControl.Action action, SqlIdentifier name) {
        this(pos, action, name, null);
    }

    /** A statement with an isolation level ({@code isolation}; null where BEGIN names none). */
    public SqlTransactionStatement(SqlParserPos pos, TransactionControl.Action action, SqlIdentifier name,
                                   Isolation isolation) {
        super(pos);
        this.name = name;
        this.control = new TransactionControl(action, name == null ? null : name.getSimple(), isolation);
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return name == null ? List.of() : List.of(name);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(control.action().sql());
        if (name != null) {
            name.unparse(writer, 0, 0);
        }
        if (control.isolation() != null) {
            writer.keyword("ISOLATION LEVEL " + TransactionControl.levelSql(control.isolation()));
        }
    }
}
