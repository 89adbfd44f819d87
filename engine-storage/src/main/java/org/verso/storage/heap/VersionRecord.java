package org.verso.storage.heap;

import java.nio.ByteBuffer;

/**
 * The on-page format of one tuple version in an append region (the payload of an
 * {@link org.verso.storage.page.AppendRegion} record).
 *
 * <pre>
 * offset  size  field
 *  0      1     flags: bit 0 tombstone (the version deletes the row), bit 1 undo marker (see below), bit 2
 *               relocated copy (see below)
 *  1      8     VID of the row
 *  9      8     creator txid
 * 17      8     TID of the predecessor version, or -1; for an undo marker, the TID of the version it undoes; for a
 *               relocated copy, the TID of the version it copies
 * 25      -     row payload ({@link org.verso.storage.tuple.RowCodec}); absent for tombstones and undo markers
 * </pre>
 * The version carries no invalidation timestamp: SIAS never updates a written version. Whether the creator
 * committed, and when, is known from the commit log; an undo marker records that a statement rollback removed one
 * of its transaction's versions, so a transaction that later commits does not bring that version back at recovery.
 * A relocated copy is a version re-appended by a merge (it was the row's only version, committed and visible to
 * every snapshot): it names the tuple it copies, so that replay lets it stand in for exactly that tuple and never
 * for a version that a commit decided later made newer, and it asks the commit log nothing about a creator that may
 * have committed long before the log's floor.
 */
public final class VersionRecord {
    public static final int HEADER = 25;
    public static final byte TOMBSTONE = 1;
    public static final byte UNDO = 2;
    public static final byte RELOCATED = 4;
    public static final long NO_TID = -1;

    private VersionRecord() {
    }

    public static void writeHeader(ByteBuffer page, int at, byte flags, long vid, long txid, long prevTid) {
        page.put(at, flags);
        page.putLong(at + 1, vid);
        page.putLong(at + 9, txid);
        page.putLong(at + 17, prevTid);
    }

    public static byte flags(ByteBuffer page, int at) {
        return page.get(at);
    }

    public static long vid(ByteBuffer page, int at) {
        return page.getLong(at + 1);
    }

    public static long txid(ByteBuffer page, int at) {
        return page.getLong(at + 9);
    }

    public static long prevTid(ByteBuffer page, int at) {
        return page.getLong(at + 17);
    }
}
