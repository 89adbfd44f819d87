package org.verso.sql.exec.constraint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.ForeignKey;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.exec.expr.Expr;

/**
 * Builds the {@link TableConstraints} of a write to one table from the catalog at planning time. CHECK conditions
 * are compiled by {@code compileCheck} (stored SQL text to an expression over the table's row); the foreign keys
 * that reference the table are followed through ON DELETE CASCADE to the tables a delete can reach.
 */
public final class ConstraintPlanner {
    private final Catalog catalog;
    private final Map<String, ReferencingKeys> referencing = new HashMap<>();

    public ConstraintPlanner(Catalog catalog) {
        this.catalog = catalog;
    }

    /** @param compileCheck compiles a CHECK condition of {@code table} into an expression over its row */
    public TableConstraints plan(TableDefinition table, CheckCompiler compileCheck) {
        List<CheckConstraints.Check> checks = new ArrayList<>();
        table.checks().forEach(c -> checks.add(new CheckConstraints.Check(c.name(),
            compileCheck.compile(table, c.condition()))));
        List<ParentKeys.Reference> parents = new ArrayList<>();
        for (ForeignKey key : table.foreignKeys()) {
            TableDefinition parent = key.referencedTable().equals(table.name()) ? table
                : catalog.table(key.referencedTable()).orElseThrow();
            parents.add(new ParentKeys.Reference(key, KeyIndex.of(parent, key.referencedColumns())));
        }
        if (checks.isEmpty() && parents.isEmpty() && referencingKeys(table.name()).isEmpty()) {
            return TableConstraints.NONE;
        }
        return new TableConstraints(new CheckConstraints(table.name(), checks), new ParentKeys(table.name(), parents),
            referencingKeys(table.name()));
    }

    /** Compiles the CHECK conditions of a table. */
    @FunctionalInterface
    public interface CheckCompiler {
        Expr compile(TableDefinition table, String condition);
    }

    /** The foreign keys referencing {@code table}, followed through every table a cascade can reach. */
    private ReferencingKeys referencingKeys(String table) {
        ReferencingKeys existing = referencing.get(table);
        if (existing != null) {
            return existing;
        }
        ReferencingKeys keys = new ReferencingKeys(table);
        referencing.put(table, keys);
        for (Catalog.Reference reference : catalog.referencesTo(table)) {
            TableDefinition child = catalog.table(reference.table()).orElseThrow();
            keys.add(reference.table(), reference.key(), referencingKeys(reference.table()),
                KeyIndex.of(child, reference.key().columns()));
        }
        return keys;
    }
}
