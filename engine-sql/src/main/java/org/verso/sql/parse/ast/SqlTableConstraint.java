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
 * A constraint of CREATE TABLE or ALTER TABLE ADD: {@code [CONSTRAINT name] PRIMARY KEY (cols) | UNIQUE (cols) |
 * FOREIGN KEY (cols) REFERENCES t [(cols)] [ON DELETE action] [ON UPDATE action] | CHECK (condition)}. A constraint
 * written on a column ({@code id INT PRIMARY KEY}, {@code REFERENCES t (c)}) is parsed into the same node with that
 * one column, so every form reaches the catalog the same way.
 */
public final class SqlTableConstraint extends SqlCall {
    /** The kinds of constraint. */
    public enum Kind {
        PRIMARY_KEY, UNIQUE, FOREIGN_KEY, CHECK
    }

    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("CONSTRAINT", SqlKind.OTHER);

    public final Kind kind;
    /** The constraint's name, or null when the statement gives none. */
    public final SqlIdentifier name;
    /** The constrained columns (PRIMARY KEY, UNIQUE, FOREIGN KEY); empty for CHECK. */
    public final SqlNodeList columns;
    /** FOREIGN KEY: the referenced table. */
    public final SqlIdentifier referencedTable;
    /** FOREIGN KEY: the referenced columns, or null for the referenced table's primary key. */
    public final SqlNodeList referencedColumns;
    public final ReferentialAction onDelete;
    public final ReferentialAction onUpdate;
    /** CHECK: the condition. */
    public final SqlNode condition;

    private SqlTableConstraint(SqlParserPos pos, Kind kind, SqlIdentifier name, SqlNodeList columns,
                               SqlIdentifier referencedTable, SqlNodeList referencedColumns,
                               ReferentialAction onDelete, ReferentialAction onUpdate, SqlNode condition) {
        super(pos);
        this.kind = kind;
        this.name = name;
        this.columns = columns;
        this.referencedTable = referencedTable;
        this.referencedColumns = referencedColumns;
        this.onDelete = onDelete;
        this.onUpdate = onUpdate;
        this.condition = condition;
    }

    public static SqlTableConstraint primaryKey(SqlParserPos pos, SqlIdentifier name, SqlNodeList columns) {
        return new SqlTableConstraint(pos, Kind.PRIMARY_KEY, name, columns, null, null, null, null, null);
    }

    public static SqlTableConstraint unique(SqlParserPos pos, SqlIdentifier name, SqlNodeList columns) {
        return new SqlTableConstraint(pos, Kind.UNIQUE, name, columns, null, null, null, null, null);
    }

    public static SqlTableConstraint foreignKey(SqlParserPos pos, SqlIdentifier name, SqlNodeList columns,
                                                SqlIdentifier table, SqlNodeList referenced,
                                                ReferentialAction onDelete, ReferentialAction onUpdate) {
        return new SqlTableConstraint(pos, Kind.FOREIGN_KEY, name, columns, table, referenced,
            onDelete == null ? ReferentialAction.NO_ACTION : onDelete,
            onUpdate == null ? ReferentialAction.NO_ACTION : onUpdate, null);
    }

    public static SqlTableConstraint check(SqlParserPos pos, SqlIdentifier name, SqlNode condition) {
        return new SqlTableConstraint(pos, Kind.CHECK, name, SqlNodeList.EMPTY, null, null, null, null, condition);
    }

    /** The same constraint with a name (a column-level constraint learns its name from the CONSTRAINT clause). */
    public SqlTableConstraint named(SqlIdentifier newName) {
        return new SqlTableConstraint(getParserPosition(), kind, newName, columns, referencedTable,
            referencedColumns, onDelete, onUpdate, condition);
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(name, columns, referencedTable, referencedColumns, condition);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        VersoSqlNodes.optional(writer, "CONSTRAINT", name);
        switch (kind) {
            case PRIMARY_KEY -> writer.keyword("PRIMARY KEY");
            case UNIQUE -> writer.keyword("UNIQUE");
            case FOREIGN_KEY -> writer.keyword("FOREIGN KEY");
            case CHECK -> writer.keyword("CHECK");
        }
        if (kind == Kind.CHECK) {
            SqlWriter.Frame frame = writer.startList("(", ")");
            condition.unparse(writer, 0, 0);
            writer.endList(frame);
            return;
        }
        VersoSqlNodes.list(writer, columns);
        if (kind == Kind.FOREIGN_KEY) {
            writer.keyword("REFERENCES");
            referencedTable.unparse(writer, 0, 0);
            if (referencedColumns != null) {
                VersoSqlNodes.list(writer, referencedColumns);
            }
            if (onDelete != ReferentialAction.NO_ACTION) {
                writer.keyword("ON DELETE " + onDelete.sql());
            }
            if (onUpdate != ReferentialAction.NO_ACTION) {
                writer.keyword("ON UPDATE " + onUpdate.sql());
            }
        }
    }
}
