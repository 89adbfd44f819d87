package org.verso.core.catalog;

import java.util.Locale;
import org.verso.common.ErrorCode;

/**
 * How an index finds versions, chosen per index at CREATE INDEX ({@code USING mvidx | btree}).
 * MV-IDX (the multi-version index of Gottstein et al.) decides visibility in the index through the version
 * directory; the version-oblivious B+tree is the baseline MV-IDX is measured against.
 */
public enum IndexKind {
    /** Multi-version index: key -> VID; the version directory decides visibility before any tuple is fetched. */
    MVIDX,
    /** Version-oblivious B+tree: key -> address of every version; visibility is checked on the fetched tuple. */
    BTREE;

    /** The kind named in SQL ({@code mvidx}, {@code btree}, case-insensitive); 42704 for an unknown name. */
    public static IndexKind parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT).replace("-", ""));
        } catch (IllegalArgumentException e) {
            throw ErrorCode.INDEX_METHOD_NOT_FOUND.exception(name);
        }
    }
}
