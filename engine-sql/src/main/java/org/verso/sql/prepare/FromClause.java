package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlNode;
import org.verso.sql.schema.SchemaSnapshot;

/**
 * The FROM clause of a SELECT on the direct path: no table, one table, or an inner join of up to
 * {@link #MAX_TABLES} tables (up to {@link #MAX_CROSS_TABLES} when no condition reads two of them) written with
 * commas, CROSS JOIN or [INNER] JOIN ... ON, each a stored table with or without an alias. Outer joins, NATURAL
 * and USING, a parenthesized join, two tables of one name and every other form are left to the planner
 * ({@link RowBinder.NotDirect}). It gives the expressions above it the row of its tables, and plans how that row's
 * rows are read.
 */
final class FromClause {
    /** The most tables the direct path joins; the planner orders larger joins by their statistics. */
    static final int MAX_TABLES = 4;
    /**
     * The most tables of a cross product (no condition reads two tables) the direct path joins: every order of its
     * joins yields the same rows, so no statistics can choose a better one.
     */
    static final int MAX_CROSS_TABLES = 8;

    private final List<NamedTable> tables = new ArrayList<>();
    /** The ON conditions, in the order written, and the row of the tables each one sees. */
    private final List<SqlNode> conditions = new ArrayList<>();
    private final List<TableRow> conditionRows = new ArrayList<>();
    private TableRow row;

    private FromClause(TableRow empty) {
        this.row = empty;
    }

    /** The tables of {@code from} (null: no FROM clause). */
    static FromClause of(SqlNode from, SchemaSnapshot schema, RexBuilder rexBuilder) {
        FromClause clause = new FromClause(TableRow.empty(rexBuilder));
        if (from != null) {
            clause.add(from, schema, rexBuilder);
        }
        Set<String> qualifiers = new HashSet<>();
        for (TableRow.Table table : clause.row.tables()) {
            if (!qualifiers.add(table.qualifier())) {
                throw RowBinder.notDirect(); // a duplicate relation name, the validator's error
            }
        }
        return clause;
    }

    /**
     * Adds the tables of a FROM item, left to right. The parser nests a join in the one to its right, as its left
     * input; a join on the right is one written in parentheses, whose ON conditions see only its own tables: the
     * planner's.
     */
    private void add(SqlNode item, SchemaSnapshot schema, RexBuilder rexBuilder) {
        if (!(item instanceof SqlJoin join)) {
            NamedTable table = NamedTable.fromItem(item, schema, rexBuilder);
            tables.add(table);
            row = tables.size() == 1 ? table.row() : row.join(table.row());
            if (tables.size() > MAX_CROSS_TABLES) {
                throw RowBinder.notDirect();
            }
            return;
        }
        if (join.getRight() instanceof SqlJoin) {
            throw RowBinder.notDirect();
        }
        JoinType type = join.getJoinType();
        JoinConditionType condition = join.getConditionType();
        boolean cross = (type == JoinType.COMMA || type == JoinType.CROSS) && condition == JoinConditionType.NONE;
        boolean inner = type == JoinType.INNER && condition == JoinConditionType.ON;
        if (join.isNatural() || !cross && !inner) {
            throw RowBinder.notDirect();
        }
        add(join.getLeft(), schema, rexBuilder);
        add(join.getRight(), schema, rexBuilder);
        if (inner) {
            conditions.add(join.getCondition());
            conditionRows.add(row); // the tables joined so far: those the condition sees
        }
    }

    TableRow row() {
        return row;
    }

    List<NamedTable> tables() {
        return tables;
    }

    /** The table whose column {@code column} of the row is. */
    NamedTable table(int column) {
        return tables.get(row.tableOf(column));
    }

    /** Whether {@code column} of the row leads one of its table's indexes. */
    boolean leadsAnIndex(int column) {
        return !tables.isEmpty()
            && TableAccess.leadsAnIndex(table(column).definition(), column - row.table(column).offset());
    }

    /**
     * The tables a star expands to: every table for {@code *}, the one its qualifier names for {@code q.*};
     * {@link RowBinder.NotDirect} for a star that names none (the validator's error).
     */
    List<TableRow.Table> starred(SqlIdentifier star) {
        List<TableRow.Table> all = row.tables();
        if (star.names.size() == 1 && !all.isEmpty()) {
            return all;
        }
        if (star.names.size() == 2) {
            for (TableRow.Table table : all) {
                if (table.qualifier().equals(star.names.get(0))) {
                    return List.of(table);
                }
            }
        }
        throw RowBinder.notDirect();
    }

    /**
     * {@link RowBinder.NotDirect} where the planner would compute {@code projects}, a projection straight above
     * the FROM clause's rows, otherwise than as they are: it orders a join of three or more tables by rewriting it
     * ({@code JoinOrder}), which rebuilds that projection with its expressions simplified, and a simplified
     * expression may fail otherwise (a CAST of a constant that simplification leaves fails when the plan is built).
     */
    void checkProjection(List<RexNode> projects) {
        if (tables.size() - 1 < JoinOrder.MIN_INNER_JOINS) {
            return;
        }
        RexSimplify simplifier = Clusters.simplifier(row.rexBuilder());
        for (RexNode project : projects) {
            if (!simplifier.simplifyPreservingType(project).equals(project)) {
                throw RowBinder.notDirect();
            }
        }
    }

    /**
     * The rows of the FROM clause that {@code where} (or null) keeps: one row of no columns without a table; for
     * one table, its access path ({@link TableAccess}); for a join, {@link InnerJoins}.
     *
     * @param binder       binds WHERE and the ON conditions over the row
     * @param sortedColumn the column of a single table that the query is ordered by first, or -1
     */
    <N> N rows(RowBinder binder, SqlNode where, int sortedColumn, PlanShapes<N> shapes, RexBuilder rexBuilder) {
        if (tables.isEmpty()) {
            if (where != null) {
                throw RowBinder.notDirect();
            }
            return shapes.oneRow();
        }
        if (tables.size() == 1) {
            return TableAccess.rows(tables.get(0), where == null ? null : binder.filter(where), sortedColumn, shapes,
                rexBuilder);
        }
        List<RexNode> filter = where == null ? List.of() : binder.joinFilter(where);
        List<RexNode> on = new ArrayList<>();
        for (int i = conditions.size() - 1; i >= 0; i--) {
            on.addAll(RelOptUtil.conjunctions(binder.in(conditionRows.get(i)).condition(conditions.get(i))));
        }
        return InnerJoins.plan(this, filter, on, shapes, rexBuilder);
    }
}
