package org.verso.sql.parse.ast;

import org.apache.calcite.sql.SqlNode;

/**
 * {@code GENERATED { ALWAYS | BY DEFAULT } AS IDENTITY [ ( START WITH n INCREMENT BY m ) ]} on a column, or one of
 * its spellings ({@code AUTO_INCREMENT}, the types {@code SERIAL} and {@code BIGSERIAL}, which are BY DEFAULT).
 *
 * @param always    true for ALWAYS: an INSERT may not give the column a value
 * @param start     the first value (a numeric literal), or null for 1
 * @param increment the step (a numeric literal), or null for 1
 */
public record IdentityOption(boolean always, SqlNode start, SqlNode increment) {
}
