package org.verso.sql.prepare;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.CatalogNames;
import org.verso.core.catalog.TableDefinition;

/** Finds the table an INSERT or UPDATE writes, for the checks made on the statement before it is validated. */
final class TargetTables {
    private TargetTables() {
    }

    /** The target table, or null when the name is not a table (the validator reports that). */
    static TableDefinition of(SqlNode target, Catalog catalog) {
        if (!(target instanceof SqlIdentifier id) || id.names.size() > 2) {
            return null;
        }
        return catalog.table(key(id)).orElse(null);
    }

    private static String key(SqlIdentifier id) {
        return id.names.size() == 1 ? id.names.get(0) : CatalogNames.key(id.names.get(0), id.names.get(1));
    }

    /**
     * The stored table a statement that only tables take ({@code what}: INSERT ... ON CONFLICT, MERGE) writes: 42P01
     * for an unknown name, 0A000 for a view or a system view.
     */
    static TableDefinition stored(SqlNode target, Catalog catalog, String what) {
        TableDefinition table = of(target, catalog);
        if (table != null) {
            return table;
        }
        if (target instanceof SqlIdentifier id && id.names.size() <= 2
            && catalog.views().stream().noneMatch(v -> v.name().equals(key(id)))) {
            throw ErrorCode.TABLE_NOT_FOUND.exception(id.toString());
        }
        throw ErrorCode.FEATURE_NOT_SUPPORTED.exception(what + " into " + target + ", which is not a table");
    }

    /** The column name an assignment's target identifier names. */
    static String column(SqlNode target) {
        SqlIdentifier id = (SqlIdentifier) target;
        return id.names.get(id.names.size() - 1);
    }
}
