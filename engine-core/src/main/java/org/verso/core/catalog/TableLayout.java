package org.verso.core.catalog;

import java.util.Locale;
import org.verso.common.ErrorCode;

/**
 * The heap layout of a table, chosen at CREATE TABLE. Only {@link #SIAS} is implemented so far; the others are
 * named so that a request for them fails with a clear "not supported" error rather than a silent substitute.
 */
public enum TableLayout {
    /** Snapshot Isolation Append Storage: versions appended, chained backwards, never invalidated in place. */
    SIAS,
    /** Snapshot Isolation with co-located versions (not yet implemented). */
    SICV,
    /** The classic in-place heap (not yet implemented). */
    INPLACE;

    public static TableLayout parse(String name) {
        try {
            TableLayout layout = valueOf(name.trim().toUpperCase(Locale.ROOT).replace("-", ""));
            if (layout != SIAS) {
                throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("table layout '" + name + "'");
            }
            return layout;
        } catch (IllegalArgumentException e) {
            throw ErrorCode.INVALID_DEFINITION.exception("layout", "unknown layout '" + name + "'");
        }
    }
}
