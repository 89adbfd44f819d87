package org.verso.sql.ddl;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.verso.common.ErrorCode;
import org.verso.common.SqlState;
import org.verso.common.VersoException;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.CheckConstraint;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.prepare.ScalarExpressions;
import org.verso.sql.schema.SchemaSnapshot;
import org.verso.sql.type.TypeMapping;

/**
 * Checks the stored expressions of a table before it is created or changed, with the same validator the statements
 * that use them will go through: a DEFAULT must be a value that can be assigned to its column and refer to no column
 * (42804, 42703), a CHECK must be a condition over the table's own columns (42804, 42703). Subqueries, aggregates
 * and window functions are refused in both (0A000).
 */
final class ExpressionChecks {
    private final TableDefinition table;
    private final SchemaSnapshot schema;
    private final RexBuilder rexBuilder;

    ExpressionChecks(Catalog catalog, TableDefinition table) {
        this.table = table;
        this.schema = SchemaSnapshot.read(catalog, List.of(), List.of(table), null);
        if (schema == null) {
            throw ErrorCode.INTERNAL_ERROR.exception("the catalog changed during DDL");
        }
        this.rexBuilder = schema.rexBuilder();
    }

    /**
     * Checks every DEFAULT and CHECK of {@code table}; a table with neither needs no catalog snapshot, and gets
     * none.
     */
    static void checkAll(Catalog catalog, TableDefinition table) {
        if (!table.checks().isEmpty() || table.columns().stream().anyMatch(c -> c.defaultExpression() != null)) {
            ExpressionChecks checks = new ExpressionChecks(catalog, table);
            table.columns().forEach(checks::checkDefault);
            table.checks().forEach(checks::checkCondition);
        }
    }

    /** The DEFAULT of {@code column} compiled as a value (no column references). */
    RexNode defaultValue(ColumnDefinition column) {
        return ScalarExpressions.compile(column.defaultExpression(), null, schema, rexBuilder);
    }

    void checkDefault(ColumnDefinition column) {
        if (column.defaultExpression() == null) {
            return;
        }
        RelDataType type = defaultValue(column).getType();
        RelDataType target = TypeMapping.toRelType(schema.typeFactory(), column.type(), true);
        if (type.getSqlTypeName() != SqlTypeName.NULL && !SqlTypeUtil.canAssignFrom(target, type)) {
            throw ErrorCode.TYPE_MISMATCH.exception("DEFAULT " + column.defaultExpression() + " of type " + type
                + " cannot be assigned to column " + column.name() + " of type " + column.type());
        }
    }

    /** Whether a CHECK no longer compiles over this table (ALTER TABLE DROP COLUMN: it reads the dropped column). */
    boolean breaks(CheckConstraint check) {
        try {
            checkCondition(check);
            return false;
        } catch (VersoException e) {
            if (SqlState.UNDEFINED_COLUMN.equals(e.sqlState())) {
                return true;
            }
            throw e;
        }
    }

    void checkCondition(CheckConstraint check) {
        RexNode condition = ScalarExpressions.compile(check.condition(), table.name(), schema, rexBuilder);
        if (condition.getType().getSqlTypeName() != SqlTypeName.BOOLEAN) {
            throw ErrorCode.TYPE_MISMATCH.exception("CHECK " + check.name() + " of table " + table.name()
                + " must be a condition, not a value of type " + condition.getType());
        }
    }
}
