package org.verso.sql.ddl;

import java.util.List;
import org.verso.core.Database;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.catalog.ViewDefinition;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.sql.api.Cancellation;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.parse.ast.SqlCreateTableAsStatement;
import org.verso.sql.prepare.CompiledStatement;
import org.verso.sql.prepare.StatementCompiler;
import org.verso.sql.prepare.ViewDefinitions;

/**
 * CREATE TABLE name AS query [WITH [NO] DATA]: the query is validated as a view's would be, the table gets its
 * columns (names and types; every column nullable, no key, as in PostgreSQL), and, unless WITH NO DATA, an INSERT of
 * the query fills it in a transaction of its own. If filling it fails, the table is dropped again: the statement
 * leaves nothing behind.
 */
record CreateTableAsCommand(SqlCreateTableAsStatement statement) implements DdlCommand {
    @Override
    public void execute(Database database) {
        String name = Names.key(statement.name);
        if (statement.ifNotExists && database.catalog().table(name).isPresent()) {
            return;
        }
        // Validation rewrites the query it is given: work on a copy, so the statement can run again.
        ViewDefinition shape = ViewDefinitions.define(name, statement.query.clone(statement.query.getParserPosition()),
            null, database.catalog(), database.systemViews());
        List<ColumnDefinition> columns = shape.columns().stream()
            .map(c -> new ColumnDefinition(c.name(), c.type(), true)).toList();
        database.createTable(new TableDefinition(0, name, columns, TableLayout.SIAS, List.of()), List.of());
        if (!statement.withData) {
            return;
        }
        Transaction tx = database.begin(IsolationLevel.SNAPSHOT);
        try {
            CompiledStatement insert = new StatementCompiler().compile("INSERT INTO " + statement.name + " "
                + shape.query(), database.catalog(), database.systemViews(), new Cancellation());
            insert.plan().open(new ExecContext(database, tx, new Object[0], new Cancellation())).next();
            tx.commit();
        } catch (RuntimeException e) {
            if (tx.isActive()) {
                tx.rollback();
            }
            database.dropTable(name);
            throw e;
        }
    }
}
