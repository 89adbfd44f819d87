package org.verso.sql.ddl;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.schema.ColumnStrategy;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.ddl.SqlColumnDeclaration;
import org.apache.calcite.sql.ddl.SqlCreateTable;
import org.apache.calcite.sql.ddl.SqlDropTable;
import org.apache.calcite.sql.ddl.SqlKeyConstraint;
import org.apache.calcite.sql.type.SqlTypeName;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.sql.type.TypeMapping;
import org.verso.common.type.DataType;

/**
 * Translates parsed DDL into {@link DdlCommand}s. Names arrive normalised by the parser (unquoted upper-cased).
 * Constructs the catalog cannot represent yet (DEFAULT values other than NULL, UNIQUE, CHECK, generated columns,
 * CREATE TABLE AS) are refused with 0A000 rather than silently dropped.
 */
public final class DdlTranslator {
    private DdlTranslator() {
    }

    public static boolean isDdl(SqlNode node) {
        return node.getKind().belongsTo(SqlKind.DDL);
    }

    public static DdlCommand translate(SqlNode node) {
        if (node instanceof SqlCreateTable create) {
            return createTable(create);
        }
        if (node instanceof SqlDropTable drop) {
            return new DropTableCommand(tableName(drop.name), drop.ifExists);
        }
        throw ErrorCode.FEATURE_NOT_SUPPORTED.exception(node.getKind().sql.replace('_', ' '));
    }

    private static CreateTableCommand createTable(SqlCreateTable create) {
        String table = tableName(create.name);
        if (create.query != null) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("CREATE TABLE ... AS query");
        }
        if (create.columnList == null) {
            throw ErrorCode.INVALID_DEFINITION.exception(table, "a table needs at least one column");
        }
        List<SqlColumnDeclaration> columns = new ArrayList<>();
        List<String> keyNames = null;
        for (SqlNode element : create.columnList) {
            if (element instanceof SqlColumnDeclaration column) {
                columns.add(column);
            } else if (element instanceof SqlKeyConstraint constraint && element.getKind() == SqlKind.PRIMARY_KEY) {
                if (keyNames != null) {
                    throw ErrorCode.INVALID_DEFINITION.exception(table, "more than one PRIMARY KEY");
                }
                keyNames = names((SqlNodeList) constraint.getOperandList().get(1));
            } else {
                throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the table constraint " + element);
            }
        }
        List<String> key = keyNames == null ? List.of() : keyNames;
        List<ColumnDefinition> definitions = new ArrayList<>();
        for (SqlColumnDeclaration column : columns) {
            String name = column.name.getSimple();
            checkNoDefault(table, name, column);
            Boolean declaredNullable = column.dataType.getNullable();
            // A key column is NOT NULL whether or not it says so.
            boolean nullable = (declaredNullable == null || declaredNullable) && !key.contains(name);
            definitions.add(new ColumnDefinition(name, dataType(column.dataType, name), nullable));
        }
        int[] primaryKey = new int[key.size()];
        for (int i = 0; i < primaryKey.length; i++) {
            primaryKey[i] = indexOf(definitions, key.get(i), table);
        }
        TableDefinition definition = new TableDefinition(0, table, definitions, primaryKey, TableLayout.SIAS);
        definition.validate();
        return new CreateTableCommand(definition, create.ifNotExists);
    }

    private static void checkNoDefault(String table, String column, SqlColumnDeclaration declaration) {
        if (declaration.strategy == ColumnStrategy.VIRTUAL || declaration.strategy == ColumnStrategy.STORED) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("generated column " + column + " of table " + table);
        }
        SqlNode expression = declaration.expression;
        if (expression != null && !(expression instanceof SqlLiteral literal && literal.getTypeName() == SqlTypeName.NULL)) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("DEFAULT " + expression + " (column " + column
                + " of table " + table + ")");
        }
    }

    private static DataType dataType(SqlDataTypeSpec spec, String column) {
        if (spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic) {
            SqlTypeName name = SqlTypeName.get(basic.getTypeName().getSimple());
            if (name != null) {
                DataType type = TypeMapping.toDataType(name, basic.getPrecision(), Math.max(basic.getScale(), 0));
                if (type != null && name != SqlTypeName.NULL) {
                    return type;
                }
            }
        }
        throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the type " + spec + " of column " + column);
    }

    private static int indexOf(List<ColumnDefinition> columns, String name, String table) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        throw ErrorCode.INVALID_DEFINITION.exception(table, "primary key column " + name + " is not a column");
    }

    private static List<String> names(SqlNodeList list) {
        List<String> result = new ArrayList<>();
        for (SqlNode node : list) {
            result.add(((SqlIdentifier) node).getSimple());
        }
        return result;
    }

    private static String tableName(SqlIdentifier name) {
        if (!name.isSimple()) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("schema-qualified table name " + name);
        }
        return name.getSimple();
    }
}
