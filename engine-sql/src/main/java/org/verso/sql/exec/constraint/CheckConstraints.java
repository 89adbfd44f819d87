package org.verso.sql.exec.constraint;

import java.util.List;
import org.verso.common.ErrorCode;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.expr.Expr;

/**
 * The CHECK constraints of a table, each compiled once into the plan: a new row for which a condition is FALSE is
 * refused with 23514 naming the constraint. UNKNOWN (NULL) passes, as SQL says.
 */
final class CheckConstraints {
    /** One compiled condition over the table's row. */
    record Check(String name, Expr condition) {
    }

    private final String table;
    private final List<Check> checks;

    CheckConstraints(String table, List<Check> checks) {
        this.table = table;
        this.checks = List.copyOf(checks);
    }

    void check(Object[] row, ExecContext ctx) {
        for (Check check : checks) {
            if (Boolean.FALSE.equals(check.condition().eval(row, ctx))) {
                throw ErrorCode.CHECK_VIOLATION.exception(table, check.name());
            }
        }
    }
}
