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
 * {@code CREATE TABLE [IF NOT EXISTS] name (column | constraint, ...) [WITH (option = value, ...)]}. The elements
 * are {@link SqlColumnDefinition}s and {@link SqlTableConstraint}s in the order written; the options are
 * {@link SqlOption}s ({@code layout = 'sias'}).
 */
public final class SqlCreateTableStatement extends SqlCreate {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("CREATE TABLE", SqlKind.CREATE_TABLE);

    public final SqlIdentifier name;
    public final SqlNodeList elements;
    public final SqlNodeList options;

    public SqlCreateTableStatement(SqlParserPos pos, boolean replace, boolean ifNotExists, SqlIdentifier name, SqlNodeList elements,
                                   SqlNodeList options) {
        super(OPERATOR, pos, replace, ifNotExists);
        this.name = name;
        this.elements = elements;
        this.options = options;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(name, elements, options);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("CREATE TABLE");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        name.unparse(writer, 0, 0);
        VersoSqlNodes.list(writer, elements);
        if (!options.isEmpty()) {
            writer.keyword("WITH");
            VersoSqlNodes.list(writer, options);
        }
    }
}
