package org.verso.sql.api;

/**
 * The SQL standard's isolation levels, as a client asks for them. The session serves each with the weakest level
 * the engine has that is at least as strong: READ UNCOMMITTED, READ COMMITTED and REPEATABLE READ are all served by
 * snapshot isolation, which {@link SqlSession#isolation()} then reports as REPEATABLE_READ; SERIALIZABLE is
 * Serializable Snapshot Isolation (docs/ssi.md).
 */
public enum Isolation {
    READ_UNCOMMITTED,
    READ_COMMITTED,
    REPEATABLE_READ,
    SERIALIZABLE
}
