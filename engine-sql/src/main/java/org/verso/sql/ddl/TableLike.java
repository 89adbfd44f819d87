package org.verso.sql.ddl;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.parse.ast.SqlTableLike;

/**
 * What a {@code LIKE source} element of CREATE TABLE copies, as in PostgreSQL: always the source's column names,
 * types and NOT NULL; DEFAULT expressions with INCLUDING DEFAULTS, CHECK constraints with INCLUDING CONSTRAINTS, the
 * primary key, UNIQUE constraints and other indexes with INCLUDING INDEXES, and all of these with INCLUDING ALL.
 * Foreign keys are never copied. An identity column is copied as a plain NOT NULL column; INCLUDING IDENTITY, which
 * would give the new table a sequence of its own, is refused with 0A000. COMMENTS, STORAGE, STATISTICS, COMPRESSION
 * and GENERATED are accepted and copy nothing: Verso's tables have none of those.
 */
record TableLike(TableDefinition source, List<ColumnDefinition> columns, boolean indexes, boolean constraints) {
    private enum Option { DEFAULTS, CONSTRAINTS, INDEXES, IDENTITY, COMMENTS, STORAGE, STATISTICS, COMPRESSION,
        GENERATED }

    static TableLike of(Catalog catalog, SqlTableLike like) {
        String name = Names.key(like.source);
        TableDefinition source = catalog.table(name).orElseThrow(() -> catalog.view(name).isPresent()
            ? ErrorCode.FEATURE_NOT_SUPPORTED.exception("CREATE TABLE ... (LIKE " + name + "), where " + name
                + " is a view")
            : ErrorCode.TABLE_NOT_FOUND.exception(name));
        Set<Option> included = EnumSet.noneOf(Option.class);
        for (String option : like.options) {
            boolean including = option.charAt(0) == '+';
            String word = option.substring(1);
            Set<Option> named = word.equals("ALL") ? EnumSet.allOf(Option.class) : EnumSet.of(option(word));
            if (including) {
                included.addAll(named);
            } else {
                included.removeAll(named);
            }
        }
        boolean defaults = included.contains(Option.DEFAULTS);
        if (included.contains(Option.IDENTITY) && source.columns().stream().anyMatch(c -> c.identity() != null)) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("LIKE " + name + " INCLUDING IDENTITY (an identity column"
                + " copied with a sequence of its own); copy without it and add the identity column with ALTER TABLE");
        }
        List<ColumnDefinition> columns = source.columns().stream()
            .map(c -> new ColumnDefinition(c.name(), c.type(), c.nullable(),
                defaults && c.identity() == null ? c.defaultExpression() : null, null, null))
            .toList();
        return new TableLike(source, columns, included.contains(Option.INDEXES),
            included.contains(Option.CONSTRAINTS));
    }

    private static Option option(String word) {
        try {
            return Option.valueOf(word.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ErrorCode.SYNTAX_ERROR.exception("unknown option " + word + " of LIKE in CREATE TABLE (Verso knows"
                + " ALL, DEFAULTS, CONSTRAINTS, INDEXES, IDENTITY, COMMENTS, STORAGE, STATISTICS, COMPRESSION and"
                + " GENERATED)");
        }
    }
}
