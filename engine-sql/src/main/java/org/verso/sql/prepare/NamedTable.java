package org.verso.sql.prepare;

import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.verso.core.catalog.CatalogNames;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.schema.CatalogTable;
import org.verso.sql.schema.SchemaSnapshot;

/**
 * A stored table that a statement on the direct path names, with the alias it gives it: Calcite's table, Verso's
 * definition, and the row of its columns that the statement's expressions see.
 */
record NamedTable(Prepare.PreparingTable table, TableDefinition definition, TableRow row) {
    /**
     * The table {@code name} names, aliased {@code alias} (or null); {@link RowBinder.NotDirect} for anything but a
     * stored table of the catalog: an unknown name (the planner reports it), a view, a sequence or a system view.
     */
    static NamedTable resolve(SqlNode name, SqlIdentifier alias, SchemaSnapshot schema, RexBuilder rexBuilder) {
        if (!(name instanceof SqlIdentifier identifier) || identifier.isStar()) {
            throw RowBinder.notDirect();
        }
        Prepare.PreparingTable table = schema.catalogReader().getTable(identifier.names);
        CatalogTable catalogTable = table == null ? null : table.unwrap(CatalogTable.class);
        if (catalogTable == null || catalogTable.definition().id() < 0) {
            throw RowBinder.notDirect();
        }
        if (alias != null && !alias.isSimple()) {
            throw RowBinder.notDirect();
        }
        String simpleName = identifier.names.get(identifier.names.size() - 1);
        TableRow row = TableRow.of(rexBuilder, table.getRowType(), simpleName,
            alias == null ? null : alias.getSimple());
        return new NamedTable(table, catalogTable.definition(), row);
    }

    /** An item of FROM that names a table, with or without an alias; {@link RowBinder.NotDirect} for any other. */
    static NamedTable fromItem(SqlNode item, SchemaSnapshot schema, RexBuilder rexBuilder) {
        if (item instanceof SqlIdentifier) {
            return resolve(item, null, schema, rexBuilder);
        }
        if (item.getKind() == SqlKind.AS && ((SqlCall) item).operandCount() == 2) {
            SqlCall as = (SqlCall) item;
            return resolve(as.operand(0), as.operand(1), schema, rexBuilder);
        }
        throw RowBinder.notDirect(); // a subquery, VALUES, column aliases, a parenthesized join...
    }

    /** The table's name without its schema, as result metadata names a column's table. */
    String simpleName() {
        return CatalogNames.simpleName(definition.name());
    }
}
