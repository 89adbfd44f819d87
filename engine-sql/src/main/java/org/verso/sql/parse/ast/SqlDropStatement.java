package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlDrop;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP { TABLE | VIEW | INDEX | SEQUENCE | SCHEMA } [IF EXISTS] name [CASCADE | RESTRICT]}. */
public final class SqlDropStatement extends SqlDrop {
    /** What is dropped, with the statement's operator. */
    public enum ObjectKind {
        TABLE(SqlKind.DROP_TABLE), VIEW(SqlKind.DROP_VIEW), INDEX(SqlKind.DROP_INDEX),
        SEQUENCE(SqlKind.DROP_SEQUENCE), SCHEMA(SqlKind.DROP_SCHEMA);

        private final SqlOperator operator;

        ObjectKind(SqlKind kind) {
            this.operator = VersoSqlNodes.operator("DROP " + name(), kind);
        }
    }

    public final ObjectKind objectKind;
    public final SqlIdentifier name;
    /** True for CASCADE: dependent objects go too. RESTRICT, the default, refuses when anything depends. */
    public final boolean cascade;

    public SqlDropStatement(SqlParserPos pos, ObjectKind objectKind, boolean ifExists, SqlIdentifier name,
                            boolean cascade) {
        super(objectKind.operator, pos, ifExists);
        this.objectKind = objectKind;
        this.name = name;
        this.cascade = cascade;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(name);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("DROP " + objectKind.name());
        if (ifExists) {
            writer.keyword("IF EXISTS");
        }
        name.unparse(writer, 0, 0);
        if (cascade) {
            writer.keyword("CASCADE");
        }
    }
}
