package org.verso.sql.exec.node;

/**
 * The join types the executor runs. INNER, LEFT, RIGHT and FULL return left columns followed by right columns
 * (nulls for a missing side); SEMI and ANTI return left rows only.
 */
public enum JoinType { INNER, LEFT, RIGHT, FULL, SEMI, ANTI }
