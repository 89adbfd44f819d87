package org.verso.sql.exec.expr;

import org.verso.core.catalog.CatalogNames;

/**
 * What CURRENT_USER, CURRENT_SCHEMA and CURRENT_CATALOG answer. An embedded Verso database has no accounts (a
 * connection gives no user name), so its one user has a fixed name; unqualified names resolve in the one schema
 * of user tables, and the database is its own single catalog.
 */
final class SessionNames {
    /** CURRENT_USER, USER, SESSION_USER, SYSTEM_USER and CURRENT_ROLE. */
    static final String USER = "VERSO";
    /** CURRENT_SCHEMA: the schema unqualified table names resolve in. */
    static final String SCHEMA = CatalogNames.DEFAULT_SCHEMA;
    /** CURRENT_CATALOG. */
    static final String CATALOG = "VERSO";

    private SessionNames() {
    }
}
