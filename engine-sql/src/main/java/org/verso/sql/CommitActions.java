package org.verso.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.verso.core.Database;
import org.verso.core.tx.Transaction;

/**
 * What the statements of a session's open transaction asked to do once it commits ({@code ExecContext.atCommit}),
 * in order. Each action has its place among them, so that a rollback to a savepoint set before it drops it; a
 * rollback drops them all. Actions of a transaction that ended without committing are dropped as soon as another
 * transaction is asked about, as {@link SessionSavepoints} drops its savepoints.
 */
final class CommitActions {
    private record Pending(long place, Consumer<Database> action) {
    }

    private final List<Pending> pending = new ArrayList<>();
    private Transaction owner;
    private long places;

    /** Adds what a statement of {@code tx} asked for, after everything asked before. */
    void add(Transaction tx, List<Consumer<Database>> actions) {
        List<Pending> current = of(tx);
        for (Consumer<Database> action : actions) {
            current.add(new Pending(++places, action));
        }
    }

    /** The place after the last action asked for so far: a savepoint set now keeps the actions up to it. */
    long place(Transaction tx) {
        of(tx);
        return places;
    }

    /** Drops the actions asked for after {@code place} (a savepoint's), as their statements were undone. */
    void rollbackTo(Transaction tx, long place) {
        of(tx).removeIf(p -> p.place() > place);
    }

    /** {@code tx} committed: runs its actions, in order, and forgets them. */
    void committed(Transaction tx, Database database) {
        if (owner != tx || pending.isEmpty()) {
            return;
        }
        List<Pending> due = List.copyOf(pending);
        pending.clear();
        for (Pending p : due) {
            p.action().accept(database);
        }
    }

    private List<Pending> of(Transaction tx) {
        if (owner != tx) {
            pending.clear();
            owner = tx;
        }
        return pending;
    }
}
