package org.verso.storage.page;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The header every page starts with, and its checksum.
 *
 * <pre>
 * offset  size  field
 *  0      4     CRC32C of bytes [4, pageSize): covers the rest of the header and the whole body
 *  4      2     page kind code ({@link org.verso.storage.io.PageKind#code()})
 *  6      2     format version, currently 1
 *  8      8     page LSN: the log position of the last change to the page (0 until the WAL exists)
 * 16      8     page number, so a page written to the wrong place is detected
 * 24      4     item count (kind specific: version records of a heap page, entries of a commit log page)
 * 28      4     used bytes: end offset of the last item, so a reader knows where the items stop
 * 32      -     body
 * </pre>
 * All fields are big-endian. A page of all zero bytes has never been written.
 */
public final class PageHeader {
    public static final int SIZE = 32;
    public static final short FORMAT_VERSION = 1;

    static final int CHECKSUM = 0;
    static final int KIND = 4;
    static final int VERSION = 6;
    static final int LSN = 8;
    static final int PAGE_NO = 16;
    static final int ITEM_COUNT = 24;
    static final int USED = 28;

    private PageHeader() {
    }

    /** Clears {@code page} and writes a fresh header for an empty page. */
    public static void init(ByteBuffer page, short kind, long pageNo) {
        for (int i = 0; i < page.capacity(); i += 8) {
            page.putLong(i, 0L);
        }
        page.putShort(KIND, kind);
        page.putShort(VERSION, FORMAT_VERSION);
        page.putLong(PAGE_NO, pageNo);
        page.putInt(USED, SIZE);
    }

    public static short kind(ByteBuffer page) {
        return page.getShort(KIND);
    }

    public static long pageNo(ByteBuffer page) {
        return page.getLong(PAGE_NO);
    }

    public static long lsn(ByteBuffer page) {
        return page.getLong(LSN);
    }

    public static void setLsn(ByteBuffer page, long lsn) {
        page.putLong(LSN, lsn);
    }

    public static int itemCount(ByteBuffer page) {
        return page.getInt(ITEM_COUNT);
    }

    public static void setItemCount(ByteBuffer page, int count) {
        page.putInt(ITEM_COUNT, count);
    }

    public static int used(ByteBuffer page) {
        return page.getInt(USED);
    }

    public static void setUsed(ByteBuffer page, int used) {
        page.putInt(USED, used);
    }

    /** Computes the checksum over the page and stores it; called just before the page is written. */
    public static void stampChecksum(ByteBuffer page) {
        page.putInt(CHECKSUM, checksum(page));
    }

    /** Whether the stored checksum matches the page's contents. */
    public static boolean checksumMatches(ByteBuffer page) {
        return page.getInt(CHECKSUM) == checksum(page);
    }

    private static int checksum(ByteBuffer page) {
        CRC32C crc = new CRC32C();
        crc.update(page.slice(4, page.capacity() - 4));
        return (int) crc.getValue();
    }
}
