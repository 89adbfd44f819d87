package org.verso.core.catalog;

import java.util.Objects;

/**
 * An identity column's generator: the sequence that numbers it (owned by the column, dropped with its table), and
 * whether an INSERT may give the column a value of its own (BY DEFAULT) or not (ALWAYS, SQLState 428C9).
 */
public record Identity(boolean always, String sequence) {
    public Identity {
        Objects.requireNonNull(sequence, "sequence");
    }
}
