package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * The row the tables of a statement's FROM clause give the expressions above them: each table's columns in turn,
 * in FROM order, as the converter joins them (no columns where there is no table). A column is named alone, where
 * exactly one of the tables has a column of that name, or qualified by its table's alias or, without one, the
 * table's simple name, as the validator resolves names. A name that resolves to no column or to several ends the
 * binding with {@link RowBinder.NotDirect}, and the validator reports it.
 *
 * @param rowType every table's columns, in order
 * @param tables  the tables, in FROM order
 */
record TableRow(RexBuilder rexBuilder, RelDataType rowType, List<Table> tables) implements RowBinder.Scope {
    /**
     * One table of the row.
     *
     * @param name   the table's simple name
     * @param alias  the table's alias in the statement, or null
     * @param offset the position of its first column in the row
     */
    record Table(String name, String alias, RelDataType rowType, int offset) {
        /** The name that qualifies its columns: its alias, or else its own name. */
        String qualifier() {
            return alias != null ? alias : name;
        }

        int width() {
            return rowType.getFieldCount();
        }

        /** Whether {@code column}, a position in the whole row, is one of this table's columns. */
        boolean holds(int column) {
            return column >= offset && column < offset + width();
        }
    }

    /** A row of no columns: what a SELECT without FROM computes over, and what VALUES sees. */
    static TableRow empty(RexBuilder rexBuilder) {
        return new TableRow(rexBuilder, rexBuilder.getTypeFactory().builder().build(), List.of());
    }

    /** The row of one table. */
    static TableRow of(RexBuilder rexBuilder, RelDataType rowType, String name, String alias) {
        return new TableRow(rexBuilder, rowType, List.of(new Table(name, alias, rowType, 0)));
    }

    /** This row followed by another table's columns, named as the validator names a join's columns. */
    TableRow join(TableRow other) {
        List<Table> joined = new ArrayList<>(tables);
        for (Table table : other.tables) {
            joined.add(new Table(table.name(), table.alias(), table.rowType(), table.offset() + width()));
        }
        RelDataType joinedType = SqlValidatorUtil.createJoinType(rexBuilder.getTypeFactory(), rowType,
            other.rowType, null, List.of());
        return new TableRow(rexBuilder, joinedType, List.copyOf(joined));
    }

    int width() {
        return rowType.getFieldCount();
    }

    /** The position in {@link #tables} of the table whose column {@code column} is. */
    int tableOf(int column) {
        for (int i = 0; i < tables.size(); i++) {
            if (tables.get(i).holds(column)) {
                return i;
            }
        }
        throw new IndexOutOfBoundsException(column);
    }

    /** The table whose column {@code column} is. */
    Table table(int column) {
        return tables.get(tableOf(column));
    }

    /** The column's name in its table. */
    String columnName(int column) {
        Table table = table(column);
        return table.rowType().getFieldNames().get(column - table.offset());
    }

    /** The column an identifier names, by its position in the row; {@link RowBinder.NotDirect} if not one. */
    int index(SqlIdentifier identifier) {
        List<String> names = identifier.names;
        if (identifier.isStar() || names.size() > 2) {
            throw RowBinder.notDirect();
        }
        String name = names.get(names.size() - 1);
        int found = -1;
        for (Table table : tables) {
            if (names.size() == 2 && !names.get(0).equals(table.qualifier())) {
                continue;
            }
            RelDataTypeField field = table.rowType().getField(name, true, false);
            if (field != null) {
                if (found >= 0) {
                    throw RowBinder.notDirect(); // ambiguous: the validator's error
                }
                found = table.offset() + field.getIndex();
            }
        }
        if (found < 0) {
            throw RowBinder.notDirect();
        }
        return found;
    }

    @Override
    public RexNode column(SqlIdentifier identifier) {
        int column = index(identifier);
        return rexBuilder.makeInputRef(rowType.getFieldList().get(column).getType(), column);
    }

    @Override
    public RexNode aggregate(SqlCall call, SqlAggFunction function) {
        throw RowBinder.notDirect();
    }
}
