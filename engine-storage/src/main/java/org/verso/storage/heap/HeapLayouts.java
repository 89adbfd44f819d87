package org.verso.storage.heap;

import java.util.Locale;
import java.util.Map;
import org.verso.common.ErrorCode;

/** The heap layouts storage implements, by name. */
public final class HeapLayouts {
    private static final Map<String, HeapLayout> LAYOUTS = Map.of(SiasHeap.LAYOUT.name(), SiasHeap.LAYOUT);

    private HeapLayouts() {
    }

    /** The layout of this name (case-insensitive); 0A000 for a layout that storage does not implement. */
    public static HeapLayout of(String name) {
        HeapLayout layout = LAYOUTS.get(name.toUpperCase(Locale.ROOT));
        if (layout == null) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("table layout '" + name + "'");
        }
        return layout;
    }
}
