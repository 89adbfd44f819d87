package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.CatalogNames;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.ForeignKey;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.ddl.Names;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.node.TruncateNode;
import org.verso.sql.parse.ast.SqlTruncateStatement;

/**
 * TRUNCATE of several tables, or with CASCADE or RESTART IDENTITY: a DELETE of every row of each table, planned as
 * any DELETE, run in one statement by a {@link TruncateNode}. CASCADE adds every table whose foreign key references
 * a table being emptied, as PostgreSQL does; the deletes run referencing tables first, so that a foreign key
 * between the tables emptied never stops them. Without CASCADE a row of another table that still references a
 * deleted row fails the statement with 23503, as that DELETE would (PostgreSQL refuses the TRUNCATE whenever such
 * a table exists, rows or not).
 */
final class TruncatePlanner {
    private TruncatePlanner() {
    }

    /** The statement's plan; {@code planDelete} plans one table's DELETE. */
    static CompiledStatement plan(SqlTruncateStatement truncate, Catalog catalog,
                                  Function<SqlNode, CompiledStatement> planDelete) {
        Set<String> named = new LinkedHashSet<>();
        for (SqlIdentifier table : truncate.tables) {
            named.add(Names.key(table));
        }
        Set<String> emptied = truncate.cascade ? withReferencing(named, catalog) : named;
        List<PlanNode> deletes = new ArrayList<>();
        List<String> sequences = new ArrayList<>();
        StringBuilder explain = new StringBuilder();
        for (String key : referencingFirst(emptied, catalog)) {
            SqlParserPos pos = truncate.getParserPosition();
            SqlIdentifier name = new SqlIdentifier(List.of(CatalogNames.schemaOf(key), CatalogNames.simpleName(key)),
                pos);
            CompiledStatement delete = planDelete.apply(new SqlDelete(pos, name, null, null, null));
            deletes.add(delete.plan());
            explain.append(explain.length() == 0 ? "" : "\n").append(delete.explain());
            if (truncate.restartIdentity) {
                for (ColumnDefinition column : catalog.table(key).orElseThrow().columns()) {
                    if (column.identity() != null) {
                        sequences.add(column.identity().sequence());
                    }
                }
            }
        }
        return CompiledStatement.planned(StatementKind.DML, List.of(), List.of(), new TruncateNode(deletes, sequences),
            catalog.version(), explain.toString(), false, false);
    }

    /** {@code tables} and every table that references one of them through a foreign key, transitively. */
    private static Set<String> withReferencing(Set<String> tables, Catalog catalog) {
        Set<String> all = new LinkedHashSet<>(tables);
        for (boolean grew = true; grew; ) {
            grew = false;
            for (TableDefinition table : catalog.tables()) {
                if (!all.contains(table.name()) && references(table, all)) {
                    all.add(table.name());
                    grew = true;
                }
            }
        }
        return all;
    }

    private static boolean references(TableDefinition table, Set<String> tables) {
        for (ForeignKey key : table.foreignKeys()) {
            if (tables.contains(key.referencedTable())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The tables in an order where a table that references another of them comes first; a cycle of references is
     * broken where it closes (its rows then go by the foreign keys' ON DELETE actions, as one DELETE's would).
     */
    private static List<String> referencingFirst(Set<String> tables, Catalog catalog) {
        List<String> order = new ArrayList<>();
        Set<String> visiting = new LinkedHashSet<>();
        for (String table : tables) {
            visit(table, tables, catalog, visiting, order);
        }
        return order;
    }

    private static void visit(String table, Set<String> tables, Catalog catalog, Set<String> visiting,
                              List<String> order) {
        if (order.contains(table) || !visiting.add(table)) {
            return;
        }
        for (TableDefinition other : catalog.tables()) {
            if (tables.contains(other.name()) && !other.name().equals(table)
                && references(other, Set.of(table))) {
                visit(other.name(), tables, catalog, visiting, order);
            }
        }
        order.add(table);
    }
}
