package org.verso.sql.exec.expr;

import org.verso.sql.exec.ExecContext;

/**
 * A scalar expression compiled once per plan from a Calcite RexNode. It returns a canonical engine value, or null
 * for SQL NULL (also for UNKNOWN in boolean contexts).
 */
@FunctionalInterface
public interface Expr {
    Object eval(Object[] row, ExecContext ctx);
}
