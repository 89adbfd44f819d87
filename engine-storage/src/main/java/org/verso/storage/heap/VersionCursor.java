package org.verso.storage.heap;

/** A cursor over the rows visible to one snapshot: each row's VID and its visible version's values. */
public interface VersionCursor {
    boolean next();

    long vid();

    Object[] row();
}
