package org.verso.storage.io;

/** What a file's pages hold; I/O is counted per kind so write-reduction claims can name what was written. */
public enum PageKind {
    HEAP((short) 1),
    INDEX((short) 2),
    WAL((short) 3),
    CATALOG((short) 4),
    COMMIT_LOG((short) 5),
    /** The checkpointed image of a table's version directory ({@link org.verso.storage.version.DirectoryImage}). */
    DIRECTORY((short) 6);

    private final short code;

    PageKind(short code) {
        this.code = code;
    }

    /** The code stored in a page header. */
    public short code() {
        return code;
    }

    public static PageKind ofCode(short code) {
        for (PageKind k : values()) {
            if (k.code == code) {
                return k;
            }
        }
        return null;
    }
}
