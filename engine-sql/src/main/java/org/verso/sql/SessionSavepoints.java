package org.verso.sql;

import java.util.ArrayList;
import java.util.List;
import org.verso.common.ErrorCode;
import org.verso.core.tx.Transaction;

/**
 * The savepoints of a session's open transaction, oldest first: each has an id (JDBC's {@code Savepoint}), a name
 * when SQL's {@code SAVEPOINT name} or JDBC's {@code setSavepoint(name)} gave one, and the transaction's write mark
 * when it was set. A name may be used again; it then means its newest savepoint, as in PostgreSQL. Savepoints of an
 * earlier transaction are dropped when a later one is asked about.
 */
final class SessionSavepoints {
    private record Savepoint(int id, String name, int writeMark, long commitActionsPlace) {
    }

    private final List<Savepoint> savepoints = new ArrayList<>();
    private Transaction owner;
    private int nextId = 1;

    /**
     * Sets a savepoint at the current end of {@code tx}'s writes and of its {@link CommitActions} (their place
     * {@code commitActionsPlace}); returns its id.
     */
    int set(Transaction tx, String name, long commitActionsPlace) {
        of(tx);
        int id = nextId++;
        savepoints.add(new Savepoint(id, name, tx.writeMark(), commitActionsPlace));
        return id;
    }

    /**
     * Undoes {@code tx}'s writes after savepoint {@code id}, which stays; later savepoints are gone. Returns the
     * place of the commit actions the savepoint keeps. 3B001.
     */
    long rollbackTo(Transaction tx, int id) {
        int at = indexOf(tx, id);
        Savepoint savepoint = savepoints.get(at);
        tx.rollbackStatement(savepoint.writeMark());
        savepoints.subList(at + 1, savepoints.size()).clear();
        return savepoint.commitActionsPlace();
    }

    /** Forgets savepoint {@code id} and every later one, keeping their writes. 3B001. */
    void release(Transaction tx, int id) {
        int at = indexOf(tx, id);
        savepoints.subList(at, savepoints.size()).clear();
    }

    /** The id of the newest savepoint called {@code name}. 3B001 if there is none. */
    int idOf(Transaction tx, String name) {
        List<Savepoint> current = of(tx);
        for (int i = current.size() - 1; i >= 0; i--) {
            if (name.equals(current.get(i).name())) {
                return current.get(i).id();
            }
        }
        throw ErrorCode.NO_SUCH_SAVEPOINT.exception(name);
    }

    private int indexOf(Transaction tx, int id) {
        List<Savepoint> current = of(tx);
        for (int i = 0; i < current.size(); i++) {
            if (current.get(i).id() == id) {
                return i;
            }
        }
        throw ErrorCode.NO_SUCH_SAVEPOINT.exception(Integer.toString(id));
    }

    private List<Savepoint> of(Transaction tx) {
        if (owner != tx) {
            savepoints.clear();
            owner = tx;
        }
        return savepoints;
    }
}
