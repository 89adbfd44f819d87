package org.verso.sql.prepare;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
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
        String key = id.names.size() == 1 ? id.names.get(0) : CatalogNames.key(id.names.get(0), id.names.get(1));
        return catalog.table(key).orElse(null);
    }

    /** The column name an assignment's target identifier names. */
    static String column(SqlNode target) {
        SqlIdentifier id = (SqlIdentifier) target;
        return id.names.get(id.names.size() - 1);
    }
}
