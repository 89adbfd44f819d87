package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCreate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * {@code CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON table (column [ASC | DESC], ...) [USING method]}. A
 * descending key column is a {@code DESC} call around its identifier, as in ORDER BY.
 */
public final class SqlCreateIndexStatement extends SqlCreate {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("CREATE INDEX", SqlKind.CREATE_INDEX);

    public final boolean unique;
    /** Null for {@code CREATE INDEX ON t (...)}, which names the index after its table and columns. */
    public final SqlIdentifier name;
    public final SqlIdentifier table;
    public final SqlNodeList columns;
    /** The index method ({@code mvidx}, {@code btree}), or null for the default. */
    public final SqlIdentifier method;

    public SqlCreateIndexStatement(SqlParserPos pos, boolean replace, boolean unique, boolean ifNotExists, SqlIdentifier name,
                                   SqlIdentifier table, SqlNodeList columns, SqlIdentifier method) {
        super(OPERATOR, pos, replace, ifNotExists);
        this.unique = unique;
        this.name = name;
        this.table = table;
        this.columns = columns;
        this.method = method;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(name, table, columns, method);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(unique ? "CREATE UNIQUE INDEX" : "CREATE INDEX");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        if (name != null) {
            name.unparse(writer, 0, 0);
        }
        writer.keyword("ON");
        table.unparse(writer, 0, 0);
        VersoSqlNodes.list(writer, columns);
        VersoSqlNodes.optional(writer, "USING", method);
    }
}
