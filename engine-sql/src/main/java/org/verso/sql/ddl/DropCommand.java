package org.verso.sql.ddl;

import org.verso.common.ErrorCode;
import org.verso.core.Database;
import org.verso.core.catalog.Catalog;
import org.verso.sql.parse.ast.SqlDropStatement;

/**
 * DROP TABLE, VIEW, INDEX, SEQUENCE or SCHEMA [IF EXISTS] name [CASCADE | RESTRICT]. Objects that depend on the one
 * dropped (views that read it, foreign keys that reference it, the objects in a schema) fail the drop with 2BP01,
 * or with CASCADE go too.
 */
record DropCommand(SqlDropStatement statement) implements DdlCommand {
    @Override
    public void execute(Database database) {
        Catalog catalog = database.catalog();
        switch (statement.objectKind) {
            case TABLE -> {
                String name = Names.key(statement.name);
                if (catalog.table(name).isPresent()) {
                    database.dropTable(name, statement.cascade);
                } else if (catalog.view(name).isPresent()) {
                    throw ErrorCode.WRONG_OBJECT_TYPE.exception(name + " is a view: drop it with DROP VIEW");
                } else if (!statement.ifExists) {
                    throw ErrorCode.TABLE_NOT_FOUND.exception(name);
                }
            }
            case VIEW -> {
                String name = Names.key(statement.name);
                if (catalog.table(name).isPresent()) {
                    throw ErrorCode.WRONG_OBJECT_TYPE.exception(name + " is a table: drop it with DROP TABLE");
                }
                if (catalog.view(name).isPresent() || !statement.ifExists) {
                    database.dropView(name, statement.cascade);
                }
            }
            case SEQUENCE -> {
                String name = Names.key(statement.name);
                if (catalog.sequence(name).isPresent() || !statement.ifExists) {
                    database.dropSequence(name);
                }
            }
            case INDEX -> {
                String name = Names.simple(statement.name);
                boolean exists = catalog.tables().stream().anyMatch(t -> t.index(name).isPresent());
                if (exists || !statement.ifExists) {
                    database.dropIndex(name, statement.cascade);
                }
            }
            case SCHEMA -> dropSchema(database, Names.simple(statement.name));
            default -> throw new IllegalStateException(statement.objectKind.toString());
        }
    }

    private void dropSchema(Database database, String schema) {
        Catalog catalog = database.catalog();
        if (!catalog.schemas().contains(schema) && statement.ifExists && !catalog.hasSchema(schema)) {
            return;
        }
        if (statement.cascade && catalog.schemas().contains(schema)) {
            catalog.views().stream().filter(v -> inSchema(v.name(), schema)).map(v -> v.name()).toList()
                .forEach(v -> {
                    if (database.catalog().view(v).isPresent()) {
                        database.dropView(v, true);
                    }
                });
            catalog.tables().stream().filter(t -> inSchema(t.name(), schema)).map(t -> t.name()).toList()
                .forEach(t -> database.dropTable(t, true));
            database.catalog().sequences().stream().filter(s -> inSchema(s.name(), schema)).map(s -> s.name())
                .toList().forEach(database::dropSequence);
        }
        database.dropSchema(schema);
    }

    private static boolean inSchema(String key, String schema) {
        return org.verso.core.catalog.CatalogNames.schemaOf(key).equals(schema);
    }
}
