package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlShuttle;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.exec.expr.Expr;
import org.verso.sql.exec.expr.ExprCompiler;
import org.verso.sql.exec.node.InsertConflict;
import org.verso.sql.exec.node.SetValues;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.parse.SqlTrees;
import org.verso.sql.parse.ast.SqlInsertOnConflict;
import org.verso.sql.schema.SchemaSnapshot;

/**
 * Compiles the ON CONFLICT clause of an INSERT ({@link SqlInsertOnConflict}) into the executor's
 * {@link InsertConflict}: the conflict target becomes the unique index it names (42P10 if none matches), and DO
 * UPDATE's SET values and WHERE condition are {@link AssignedExpressions} over {@code table AS table, table AS
 * EXCLUDED}, after every unqualified column name outside a subquery is qualified with the table's name (the existing
 * row; PostgreSQL resolves them so, and EXCLUDED's columns are reached only by qualified names). Where they hold a
 * subquery, they are computed for each conflicting row by a query over the two rows' values
 * ({@link AssignedExpressions#overRows}).
 *
 * @see StatementCompiler
 */
final class ConflictClauses {
    /** The executor's clause, the types of the parameters in the clause (after the INSERT's) and its plan text. */
    record Compiled(InsertConflict conflict, List<RelDataType> parameterTypes, String explain) {
    }

    private static final String EXCLUDED = "EXCLUDED";
    private static final String WHAT = "ON CONFLICT DO UPDATE";

    private ConflictClauses() {
    }

    /**
     * @param statements plans the query that computes the SET values and the condition for each conflicting row
     *                   where they hold subqueries
     */
    static Compiled compile(SqlInsertOnConflict clause, SchemaSnapshot schema, RexBuilder rexBuilder,
                            ExprCompiler compiler, MergePlanner.Statements statements) {
        TableDefinition table = TargetTables.stored(clause.insert.getTargetTable(), schema.catalog(),
            "INSERT ... ON CONFLICT");
        List<String> indexes = conflictIndexes(clause, table);
        List<String> columnNames = table.columns().stream().map(ColumnDefinition::name).toList();
        if (clause.doesNothing()) {
            InsertConflict conflict = new InsertConflict(indexes, null, null);
            return new Compiled(conflict, List.of(), conflict.explain(table.name(), columnNames, null, null));
        }
        int[] columns = AssignedExpressions.setColumns(clause.updateColumns, table);
        SqlIdentifier name = (SqlIdentifier) clause.insert.getTargetTable();
        String alias = name.names.get(name.names.size() - 1);
        List<SqlNode> items = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            items.add(qualified(clause.updateValues.get(i), alias));
        }
        if (clause.condition != null) {
            items.add(qualified(clause.condition, alias));
        }
        int insertParameters = AssignedExpressions.parameterCount(clause.insert);
        checkParameterOrder(items, insertParameters);
        // Validation rewrites the items in place: a query computing them is planned from copies.
        List<SqlNode> copies = items.stream().map(SqlTrees::copy).toList();
        String quoted = ScalarExpressions.quoted(table.name());
        SqlNode from = ((SqlSelect) SqlParsing.parse("SELECT 1 FROM " + quoted + " AS "
            + AssignedExpressions.quote(alias) + ", " + quoted + " AS " + EXCLUDED)).getFrom();
        List<RelDataType> columnTypes = schema.catalogReader().getTable(name.names).getRowType().getFieldList()
            .stream().map(RelDataTypeField::getType).toList();
        int[] assigned = Arrays.copyOf(columns, items.size());
        if (clause.condition != null) {
            assigned[columns.length] = -1;
        }
        AssignedExpressions.Converted converted = AssignedExpressions.convert(schema, rexBuilder, from, items,
            assigned, table, columnTypes, 2 * columnTypes.size(), WHAT);
        List<RexNode> expressions = converted.items();
        if (clause.condition != null) {
            AssignedExpressions.condition(expressions.get(columns.length), "ON CONFLICT ... WHERE");
        }
        List<String> texts;
        SetValues values;
        if (RexUtil.SubQueryFinder.find(expressions) == null) {
            Expr[] compiled = new Expr[columns.length];
            for (int i = 0; i < columns.length; i++) {
                compiled[i] = compiler.compile(expressions.get(i));
            }
            values = SetValues.of(compiled, clause.condition == null ? null
                : compiler.compile(expressions.get(columns.length)));
            texts = expressions.stream().map(RexNode::toString).toList();
        } else {
            int ownParameters = insertParameters + converted.parameterTypes().size();
            texts = copies.stream().map(AssignedExpressions::text).toList();
            List<AssignedExpressions.ParameterRow> rows = List.of(
                new AssignedExpressions.ParameterRow(alias, columnNames, columnTypes),
                new AssignedExpressions.ParameterRow(EXCLUDED, columnNames, columnTypes));
            CompiledStatement query = statements.plan(AssignedExpressions.overRows(copies, assigned, columnTypes,
                rows, ownParameters));
            values = SetValues.planned(query.plan(), columns.length, clause.condition != null);
        }
        InsertConflict conflict = new InsertConflict(indexes, columns, values);
        return new Compiled(conflict, converted.parameterTypes(), conflict.explain(table.name(), columnNames,
            texts.subList(0, columns.length), clause.condition == null ? null : texts.get(columns.length)));
    }

    /** The unique indexes whose keys conflict: the target's, or every unique index for DO NOTHING without one. */
    private static List<String> conflictIndexes(SqlInsertOnConflict clause, TableDefinition table) {
        if (clause.targetColumns != null) {
            int[] columns = new int[clause.targetColumns.size()];
            for (int i = 0; i < columns.length; i++) {
                columns[i] = AssignedExpressions.columnIndex(table,
                    ((SqlIdentifier) clause.targetColumns.get(i)).getSimple());
            }
            IndexDefinition index = table.uniqueKeyOn(columns).orElseThrow(() -> ErrorCode.NO_CONFLICT_TARGET
                .exception(table.name(), clause.targetColumns.stream().map(c -> ((SqlIdentifier) c).getSimple())
                    .collect(Collectors.joining(", ", "(", ")"))));
            return List.of(index.name());
        }
        if (clause.constraint != null) {
            String constraint = clause.constraint.getSimple();
            IndexDefinition index = table.index(constraint).orElseThrow(() ->
                ErrorCode.CONSTRAINT_NOT_FOUND.exception(constraint, table.name()));
            if (!index.unique()) {
                throw ErrorCode.NO_CONFLICT_TARGET.exception(table.name(), "ON CONSTRAINT " + constraint);
            }
            return List.of(index.name());
        }
        if (!clause.doesNothing()) {
            throw ErrorCode.SYNTAX_ERROR.exception("ON CONFLICT DO UPDATE needs a conflict target: a list of "
                + "columns with a unique constraint, or ON CONSTRAINT name");
        }
        return table.indexes().stream().filter(IndexDefinition::unique).map(IndexDefinition::name).toList();
    }

    /** The expression with every unqualified column name qualified with {@code alias}: the existing row's. */
    private static SqlNode qualified(SqlNode expression, String alias) {
        return AssignedExpressions.withoutAggregates(expression, WHAT).accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlIdentifier id) {
                return id.isSimple() ? new SqlIdentifier(List.of(alias, id.getSimple()), id.getParserPosition()) : id;
            }

            @Override
            public SqlNode visit(SqlCall call) {
                // A subquery's names are its own tables' first, as anywhere else.
                return call instanceof SqlSelect || call.getKind().belongsTo(SqlKind.QUERY) ? call
                    : super.visit(call);
            }
        });
    }

    /** The clause's parameters must follow the INSERT's in the order the executor numbers them. */
    private static void checkParameterOrder(List<SqlNode> items, int firstParameter) {
        int[] next = {firstParameter};
        for (SqlNode item : items) {
            item.accept(new SqlShuttle() {
                @Override
                public SqlNode visit(SqlDynamicParam param) {
                    if (param.getIndex() != next[0]++) {
                        throw ErrorCode.INTERNAL_ERROR.exception("ON CONFLICT parameter " + param.getIndex()
                            + " out of order");
                    }
                    return param;
                }
            });
        }
    }
}
