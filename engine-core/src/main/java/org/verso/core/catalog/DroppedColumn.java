package org.verso.core.catalog;

import java.util.Objects;
import org.verso.common.type.DataType;

/**
 * A column removed by ALTER TABLE DROP COLUMN. Rows stored before the drop still hold its value, so the table's
 * stored format keeps its place: {@code place} is its position among every column the table has ever stored (the
 * current ones and the dropped ones, in the order they were added), and {@code type} says how to skip its value.
 */
public record DroppedColumn(int place, DataType type) {
    public DroppedColumn {
        Objects.requireNonNull(type, "type");
        if (place < 0) {
            throw new IllegalArgumentException("negative place " + place);
        }
    }
}
