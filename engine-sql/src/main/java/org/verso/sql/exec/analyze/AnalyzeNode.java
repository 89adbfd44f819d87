package org.verso.sql.exec.analyze;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.node.ValuesNode;

/**
 * EXPLAIN ANALYZE: runs a plan whose operators are {@link ProfiledNode}s to the end, then returns the plan's text,
 * one operator per row, each with the rows it returned, how often it was opened and the time spent in it (its
 * inputs' time included), and a last row with the execution's time. For a change, its root operator's rows are the
 * rows it changed.
 */
public final class AnalyzeNode implements PlanNode {
    /** One row of the plan's text and the slot of the operator it shows, or -1 for a line that shows none. */
    public record Line(String text, int slot) {
    }

    private final PlanNode plan;
    private final List<Line> lines;
    private final int operators;
    private final boolean change;

    /**
     * @param plan      the statement's plan, its operators measured at slots below {@code operators}
     * @param lines     the plan's text
     * @param change    whether the plan is an INSERT, UPDATE or DELETE, whose one row is the count of rows changed
     */
    public AnalyzeNode(PlanNode plan, List<Line> lines, int operators, boolean change) {
        this.plan = plan;
        this.lines = List.copyOf(lines);
        this.operators = operators;
        this.change = change;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        PlanProfile profile = new PlanProfile(operators);
        ctx.profile(profile);
        long start = System.nanoTime();
        RowSource source = plan.open(ctx);
        long changed = 0;
        for (Object[] row = source.next(); row != null; row = source.next()) {
            ctx.checkCancelled();
            if (change) {
                changed += ((Number) row[0]).longValue();
            }
        }
        long elapsed = System.nanoTime() - start;
        List<Object[]> rows = new ArrayList<>(lines.size() + 1);
        boolean root = true;
        for (Line line : lines) {
            if (line.slot() < 0) {
                rows.add(new Object[] {line.text()});
                continue;
            }
            long returned = change && root ? changed : profile.rows(line.slot());
            root = false;
            rows.add(new Object[] {line.text() + String.format(Locale.ROOT, "  (actual rows=%d loops=%d time=%.3f ms)",
                returned, profile.loops(line.slot()), profile.nanos(line.slot()) / 1e6)});
        }
        rows.add(new Object[] {String.format(Locale.ROOT, "Execution time: %.3f ms", elapsed / 1e6)});
        return new ValuesNode(rows).open(ctx);
    }
}
