package org.verso.sql.ddl;

import org.verso.core.Database;

/**
 * A translated DDL statement. DDL is not transactional: it runs on its own against the database, outside any
 * session transaction, and takes effect at once for every session. A command resolves the names it holds against
 * the catalog when it runs, so a prepared DDL statement sees the catalog as it is then.
 */
public interface DdlCommand {
    void execute(Database database);
}
