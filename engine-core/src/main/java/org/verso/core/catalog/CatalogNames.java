package org.verso.core.catalog;

import java.util.Locale;
import java.util.Set;
import org.verso.common.ErrorCode;

/**
 * How schema-qualified names become the catalog's keys. A table, view or sequence in the default schema
 * {@value #DEFAULT_SCHEMA} is known by its simple name; one in another schema by {@code SCHEMA.NAME}, the form the
 * system views of {@code SYS} already use. Names therefore may not contain a dot. Index names are per database.
 */
public final class CatalogNames {
    /** The schema of every name written without one. */
    public static final String DEFAULT_SCHEMA = "PUBLIC";
    /** Schemas the engine owns: nothing can be created in them. */
    public static final Set<String> SYSTEM_SCHEMAS = Set.of("SYS", "INFORMATION_SCHEMA");

    private CatalogNames() {
    }

    /** The catalog key of {@code name} in {@code schema}. */
    public static String key(String schema, String name) {
        checkName(name);
        if (schema == null || schema.equals(DEFAULT_SCHEMA)) {
            return name;
        }
        checkName(schema);
        return schema + "." + name;
    }

    /** The schema part of a catalog key. */
    public static String schemaOf(String key) {
        int dot = key.indexOf('.');
        return dot < 0 ? DEFAULT_SCHEMA : key.substring(0, dot);
    }

    /** The name without its schema. */
    public static String simpleName(String key) {
        int dot = key.indexOf('.');
        return dot < 0 ? key : key.substring(dot + 1);
    }

    public static boolean isSystemSchema(String schema) {
        return SYSTEM_SCHEMAS.contains(schema.toUpperCase(Locale.ROOT));
    }

    /** Refuses names the key scheme cannot represent (42602). */
    public static void checkName(String name) {
        if (name.isEmpty() || name.indexOf('.') >= 0) {
            throw ErrorCode.INVALID_NAME.exception(name);
        }
    }
}
