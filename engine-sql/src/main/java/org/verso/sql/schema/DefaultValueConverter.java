package org.verso.sql.schema;

import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;

/** Turns a column's DEFAULT (SQL text, no column references) into an expression of the statement being planned. */
@FunctionalInterface
public interface DefaultValueConverter {
    RexNode convert(String expression, RexBuilder rexBuilder);
}
