package org.verso.sql.exec.node;

import java.util.Iterator;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/** The working table of a WITH RECURSIVE query: the rows the previous step produced ({@link RepeatUnionNode}). */
public final class WorkingTableNode implements PlanNode {
    private final String name;

    public WorkingTableNode(String name) {
        this.name = name;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Iterator<Object[]> rows = ctx.workingTable(name).iterator();
        return () -> rows.hasNext() ? rows.next() : null;
    }
}
