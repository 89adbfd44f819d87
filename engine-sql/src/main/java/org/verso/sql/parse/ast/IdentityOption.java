package org.verso.sql.parse.ast;

/**
 * {@code GENERATED { ALWAYS | BY DEFAULT } AS IDENTITY [ ( sequence options ) ]} on a column, or one of its
 * spellings ({@code AUTO_INCREMENT}, the types {@code SERIAL} and {@code BIGSERIAL}, which are BY DEFAULT).
 *
 * @param always  true for ALWAYS: an INSERT may not give the column a value
 * @param options the options of the column's sequence ({@link SequenceOptions}; the first value is 1 by default)
 */
public record IdentityOption(boolean always, SequenceOptions options) {
}
