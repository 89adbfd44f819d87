package org.verso.sql.exec.node;

import java.util.HashMap;
import java.util.Map;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * INTERSECT and EXCEPT, with or without ALL. Every input after the first is read into a table of row counts (rows
 * compare as in GROUP BY: NULLs are equal); then the first input streams past them. A row of the first input is
 * returned by INTERSECT while every other input still has a copy of it left, and by EXCEPT once the copies the other
 * inputs hold have been used up; without ALL, each distinct row at most once.
 */
public final class SetOpNode implements PlanNode {
    private final PlanNode[] inputs;
    private final boolean intersect;
    private final boolean all;

    public SetOpNode(PlanNode[] inputs, boolean intersect, boolean all) {
        this.inputs = inputs;
        this.intersect = intersect;
        this.all = all;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        // For INTERSECT the copies each later input has, for EXCEPT their sum.
        Map<RowKey, long[]> counts = new HashMap<>();
        int others = inputs.length - 1;
        for (int i = 1; i <= others; i++) {
            RowSource source = inputs[i].open(ctx);
            for (Object[] row = source.next(); row != null; row = source.next()) {
                ctx.checkCancelled();
                long[] perInput = counts.computeIfAbsent(RowKey.of(row), k -> new long[intersect ? others : 1]);
                perInput[intersect ? i - 1 : 0]++;
            }
        }
        RowSource first = inputs[0].open(ctx);
        Map<RowKey, Boolean> returned = new HashMap<>();
        return () -> {
            for (Object[] row = first.next(); row != null; row = first.next()) {
                ctx.checkCancelled();
                RowKey key = RowKey.of(row);
                long[] copies = counts.get(key);
                boolean keep;
                if (intersect) {
                    keep = copies != null && everyPositive(copies);
                    if (keep && all) {
                        for (int i = 0; i < copies.length; i++) {
                            copies[i]--;
                        }
                    }
                } else if (all) {
                    keep = copies == null || copies[0] == 0;
                    if (!keep) {
                        copies[0]--;
                    }
                } else {
                    keep = copies == null;
                }
                if (keep && (all || returned.putIfAbsent(key, Boolean.TRUE) == null)) {
                    return row;
                }
            }
            return null;
        };
    }

    private static boolean everyPositive(long[] copies) {
        for (long c : copies) {
            if (c <= 0) {
                return false;
            }
        }
        return true;
    }
}
