package org.verso.sql.api;

/**
 * The SQL standard's isolation levels, as a client asks for them. The session serves each with the weakest level
 * the engine has that is at least as strong: READ UNCOMMITTED and READ COMMITTED by READ COMMITTED with PostgreSQL's
 * semantics (a snapshot per statement; an UPDATE, DELETE or SELECT FOR UPDATE that meets a row changed by a
 * concurrent transaction waits for it, then evaluates its condition again on the newest committed version), which
 * {@link SqlSession#isolation()} then reports as READ_COMMITTED; REPEATABLE READ by snapshot isolation; SERIALIZABLE
 * by Serializable Snapshot Isolation (docs/ssi.md).
 */
public enum Isolation {
    READ_UNCOMMITTED,
    READ_COMMITTED,
    REPEATABLE_READ,
    SERIALIZABLE
}
