package org.verso.sql.api;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Which columns of the rows an INSERT adds the statement hands back, as JDBC's {@code getGeneratedKeys} answers
 * them: none; the table's generated keys (its identity columns, or its primary key if it has no identity column);
 * or the columns the caller names, by 1-based position or by name (case-insensitive for unquoted names, as SQL
 * resolves them). UPDATE and DELETE hand back no rows (their RETURNING clause does).
 */
public final class GeneratedKeys {
    /** No keys: the statement returns only its update count. */
    public static final GeneratedKeys NONE = new GeneratedKeys(Kind.NONE, List.of(), List.of());

    private static final GeneratedKeys TABLE_KEYS = new GeneratedKeys(Kind.TABLE_KEYS, List.of(), List.of());

    /** How the columns are chosen. */
    public enum Kind { NONE, TABLE_KEYS, POSITIONS, NAMES, ALL_COLUMNS }

    private final Kind kind;
    private final List<Integer> positions;
    private final List<String> names;

    private GeneratedKeys(Kind kind, List<Integer> positions, List<String> names) {
        this.kind = kind;
        this.positions = positions;
        this.names = names;
    }

    private static final GeneratedKeys ALL = new GeneratedKeys(Kind.ALL_COLUMNS, List.of(), List.of());

    /** Every column of the table, in its order (INSERT ... RETURNING *). */
    public static GeneratedKeys allColumns() {
        return ALL;
    }

    /** The identity columns of the table, or its primary key if it has none. */
    public static GeneratedKeys tableKeys() {
        return TABLE_KEYS;
    }

    /** The columns at these 1-based positions of the table, in this order. */
    public static GeneratedKeys positions(int... positions) {
        return new GeneratedKeys(Kind.POSITIONS, Arrays.stream(positions).boxed().toList(), List.of());
    }

    /** The columns of these names, in this order. */
    public static GeneratedKeys names(String... names) {
        for (String name : names) {
            Objects.requireNonNull(name, "column name");
        }
        return new GeneratedKeys(Kind.NAMES, List.of(), List.of(names));
    }

    public Kind kind() {
        return kind;
    }

    /** The 1-based positions of {@link Kind#POSITIONS}. */
    public List<Integer> positionList() {
        return positions;
    }

    /** The names of {@link Kind#NAMES}. */
    public List<String> nameList() {
        return names;
    }
}
