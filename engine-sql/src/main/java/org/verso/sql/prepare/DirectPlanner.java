package org.verso.sql.prepare;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.schema.SchemaSnapshot;
import org.verso.sql.type.TypeMapping;

/**
 * The direct path for statements whose plan is obvious: a SELECT from no table, one table or an inner join of a
 * few ({@link FromClause}), without subquery or window; a one-row INSERT ... VALUES; an UPDATE or DELETE of one
 * table. It binds the statement with a {@link RowBinder} and builds the physical plan the planner would choose,
 * skipping Calcite's validator, SQL-to-rel converter and cost-based planner: the bulk of an ad-hoc statement's cost,
 * and of the classes a new JVM loads for its first statement. A table is read by a primary-key lookup where the
 * conditions fix the whole key and by a scan otherwise ({@link TableAccess}); tables are joined by hash joins on
 * their column equalities, or else nested-loop joins ({@link InnerJoins}). A statement where an index other than a
 * full-key lookup could serve (a range or prefix of an index's first column, an ORDER BY on it, a join on it) is
 * left to the planner, which weighs the indexes; so is everything the binder does not cover, and every statement in
 * error, so that errors are reported one way. Plans from both paths run on the same operators; a differential test
 * holds them to the same answers and result metadata.
 */
final class DirectPlanner<N> {
    private final SchemaSnapshot schema;
    private final RexBuilder rexBuilder;
    private final PlanShapes<N> shapes;

    private DirectPlanner(SchemaSnapshot schema, RexBuilder rexBuilder, PlanShapes<N> shapes) {
        this.schema = schema;
        this.rexBuilder = rexBuilder;
        this.shapes = shapes;
    }

    /** The statement's direct plan, built with {@code shapes}, or null if it takes the planner's path. */
    static <N> StatementPlan<N> plan(SqlNode node, SchemaSnapshot schema, RexBuilder rexBuilder,
                                     PlanShapes<N> shapes) {
        if (!covered(node.getKind())) {
            return null;
        }
        try {
            DirectPlanner<N> planner = new DirectPlanner<>(schema, rexBuilder, shapes);
            return switch (node.getKind()) {
                case INSERT -> planner.insert((SqlInsert) node);
                case UPDATE -> planner.update((SqlUpdate) node);
                case DELETE -> planner.delete((SqlDelete) node);
                default -> planner.select(node);
            };
        } catch (RowBinder.NotDirect | ClassCastException e) {
            return null;
        }
    }

    private static boolean covered(SqlKind kind) {
        return kind == SqlKind.SELECT || kind == SqlKind.ORDER_BY || kind == SqlKind.INSERT
            || kind == SqlKind.UPDATE || kind == SqlKind.DELETE;
    }

    private NamedTable target(SqlNode name, SqlIdentifier alias) {
        return NamedTable.resolve(name, alias, schema, rexBuilder);
    }

    private StatementPlan<N> select(SqlNode node) {
        SqlSelect select;
        SqlNodeList order;
        SqlNode offset;
        SqlNode fetch;
        if (node instanceof SqlOrderBy orderBy) {
            select = (SqlSelect) orderBy.query;
            order = orderBy.orderList;
            offset = orderBy.offset;
            fetch = orderBy.fetch;
            if (select.getOrderList() != null || select.getOffset() != null || select.getFetch() != null) {
                throw RowBinder.notDirect();
            }
        } else {
            select = (SqlSelect) node;
            order = select.getOrderList();
            offset = select.getOffset();
            fetch = select.getFetch();
        }
        if (select.getQualify() != null || !isEmpty(select.getWindowList()) || !isEmpty(select.getHints())) {
            throw RowBinder.notDirect();
        }
        FromClause from = FromClause.of(select.getFrom(), schema, rexBuilder);
        TableRow row = from.row();
        RowBinder rowBinder = new RowBinder(rexBuilder, row);
        boolean grouped = select.getGroup() != null || select.getHaving() != null
            || RowBinder.containsAggregate(select.getSelectList());

        // The select list: a star expands to every column of its tables; names as the validator derives them.
        GroupScope groups = grouped
            ? new GroupScope(rexBuilder, row, from::leadsAnIndex, rowBinder, select.getGroup()) : null;
        RowBinder binder = grouped ? rowBinder.in(groups) : rowBinder;
        List<RexNode> projects = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<ColumnMeta> columns = new ArrayList<>();
        Set<String> aliases = new HashSet<>();
        for (SqlNode item : select.getSelectList()) {
            if (item instanceof SqlIdentifier identifier && identifier.isStar()) {
                for (TableRow.Table table : from.starred(identifier)) {
                    for (int i = 0; i < table.width(); i++) {
                        int column = table.offset() + i;
                        String name = SqlValidatorUtil.uniquify(row.columnName(column), aliases,
                            SqlValidatorUtil.EXPR_SUGGESTER);
                        aliases.add(name);
                        RelDataType type = row.rowType().getFieldList().get(column).getType();
                        // Grouped, every column a star names must be a group key (else the validator's error).
                        projects.add(grouped ? groups.column(column) : rexBuilder.makeInputRef(type, column));
                        names.add(name);
                        columns.add(column(name, type, from.table(column).simpleName(), row.columnName(column)));
                    }
                }
                continue;
            }
            SqlNode expression = item;
            if (item.getKind() == SqlKind.AS) {
                SqlCall as = (SqlCall) item;
                if (as.operandCount() != 2) {
                    throw RowBinder.notDirect();
                }
                expression = as.operand(0);
            }
            RexNode project = binder.bind(expression, null);
            String name = SqlValidatorUtil.alias(item, names.size());
            aliases.add(name);
            projects.add(project);
            names.add(name);
            int origin = expression instanceof SqlIdentifier identifier ? row.index(identifier) : -1;
            columns.add(new ColumnMeta(ColumnLabels.label(name, item), TypeMapping.toDataType(project.getType()),
                project.getType().isNullable(), origin < 0 ? null : from.table(origin).simpleName(),
                origin < 0 ? null : row.columnName(origin)));
        }

        List<RelFieldCollation> collations = order == null ? List.of() : collations(order, names);
        N input;
        if (grouped) {
            RexNode having = select.getHaving() == null ? null : binder.having(select.getHaving(), groups.keyCount());
            from.checkProjection(groups.inputs());
            input = groups.aggregate(from.rows(rowBinder, select.getWhere(), -1, shapes, rexBuilder), shapes);
            if (having != null) {
                input = shapes.filter(input, having);
            }
        } else {
            from.checkProjection(projects);
            input = from.rows(rowBinder, select.getWhere(), collations.isEmpty() || select.isDistinct() ? -1
                : sortedColumn(projects.get(collations.get(0).getFieldIndex())), shapes, rexBuilder);
        }
        RelDataType projectType = rexBuilder.getTypeFactory().createStructType(RexUtil.types(projects),
            SqlValidatorUtil.uniquify(names, true));
        N plan = shapes.project(input, projects, projectType);
        if (select.isDistinct()) {
            plan = shapes.aggregate(plan, projects.size(), List.of());
        }
        if (!collations.isEmpty() || offset != null || fetch != null) {
            RexNode limit = count(fetch);
            if (limit != null && ((RexLiteral) limit).getValueAs(BigDecimal.class).signum() == 0) {
                throw RowBinder.notDirect(); // the planner prunes LIMIT 0 to no rows, evaluating nothing
            }
            plan = shapes.sort(plan, collations, count(offset), limit);
        }
        return new StatementPlan<>(plan, parameters(select, binder), columns, true);
    }

    /**
     * ORDER BY items that name a select item: by ordinal, by its alias or column name (exactly one), or as
     * DESC of one; NULLS FIRST / LAST and anything else take the planner's path. NULLs sort high, as the validator
     * has them: last when ascending, first when descending.
     */
    private static List<RelFieldCollation> collations(SqlNodeList order, List<String> names) {
        List<RelFieldCollation> collations = new ArrayList<>();
        for (SqlNode item : order) {
            boolean descending = false;
            if (item.getKind() == SqlKind.DESCENDING) {
                descending = true;
                item = ((SqlCall) item).operand(0);
            }
            int index;
            if (item instanceof SqlNumericLiteral ordinal && ordinal.isInteger()) {
                index = ordinal.intValue(true) - 1;
                if (index < 0 || index >= names.size()) {
                    throw RowBinder.notDirect();
                }
            } else if (item instanceof SqlIdentifier identifier && identifier.isSimple()) {
                index = names.indexOf(identifier.getSimple());
                if (index < 0 || names.lastIndexOf(identifier.getSimple()) != index) {
                    throw RowBinder.notDirect();
                }
            } else {
                throw RowBinder.notDirect();
            }
            collations.add(new RelFieldCollation(index,
                descending ? RelFieldCollation.Direction.DESCENDING : RelFieldCollation.Direction.ASCENDING,
                descending ? RelFieldCollation.NullDirection.FIRST : RelFieldCollation.NullDirection.LAST));
        }
        return collations;
    }

    /** The table column an ORDER BY's first key is, or -1 if it is an expression. */
    private static int sortedColumn(RexNode project) {
        return project instanceof RexInputRef ref ? ref.getIndex() : -1;
    }

    /** OFFSET or FETCH: a non-negative integer literal (a parameter there takes the planner's path). */
    private RexNode count(SqlNode node) {
        if (node == null) {
            return null;
        }
        if (!(node instanceof SqlNumericLiteral number) || !number.isInteger()
            || number.getValueAs(BigDecimal.class).signum() < 0) {
            throw RowBinder.notDirect();
        }
        return rexBuilder.makeExactLiteral(number.getValueAs(BigDecimal.class),
            number.createSqlType(rexBuilder.getTypeFactory()));
    }

    /** The rows of {@code target} that {@code where} (or null) keeps, bound by {@code binder}. */
    private N access(NamedTable target, RowBinder binder, SqlNode where) {
        return TableAccess.rows(target, where == null ? null : binder.filter(where), -1, shapes, rexBuilder);
    }

    private StatementPlan<N> insert(SqlInsert insert) {
        if (insert.isUpsert() || insert.getSource().getKind() != SqlKind.VALUES) {
            throw RowBinder.notDirect();
        }
        SqlBasicCall values = (SqlBasicCall) insert.getSource();
        if (values.operandCount() != 1 || values.operand(0).getKind() != SqlKind.ROW) {
            throw RowBinder.notDirect(); // several rows: their types unify first
        }
        List<SqlNode> row = ((SqlCall) values.operand(0)).getOperandList();
        NamedTable target = target(insert.getTargetTable(), null);
        TableDefinition table = target.definition();
        TableRow targetRow = target.row();
        int width = table.columnCount();
        SqlNode[] assigned = new SqlNode[width];
        SqlNodeList targetColumns = insert.getTargetColumnList();
        if (targetColumns == null) {
            if (row.size() != width) {
                throw RowBinder.notDirect();
            }
            row.toArray(assigned);
        } else {
            if (targetColumns.size() != row.size()) {
                throw RowBinder.notDirect();
            }
            for (int i = 0; i < row.size(); i++) {
                int column = targetRow.index((SqlIdentifier) targetColumns.get(i));
                if (((SqlIdentifier) targetColumns.get(i)).names.size() != 1 || assigned[column] != null) {
                    throw RowBinder.notDirect();
                }
                assigned[column] = row.get(i);
            }
        }
        RelDataType rowType = targetRow.rowType();
        // VALUES sees no row: a column name there is an error, which the planner's path reports.
        RowBinder valueBinder = new RowBinder(rexBuilder, TableRow.empty(rexBuilder));
        List<RexNode> projects = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            RelDataType type = rowType.getFieldList().get(i).getType();
            if (assigned[i] != null) {
                projects.add(valueBinder.assigned(assigned[i], type));
                continue;
            }
            ColumnDefinition column = table.column(i);
            if (column.hasDefault() || !column.nullable()) {
                throw RowBinder.notDirect(); // a default to compute, or the validator's error to report
            }
            projects.add(rexBuilder.makeNullLiteral(type));
        }
        N input = shapes.project(shapes.oneRow(), projects,
            rexBuilder.getTypeFactory().createStructType(RexUtil.types(projects), rowType.getFieldNames()));
        N modify = shapes.modify(target.table(), table, TableModify.Operation.INSERT, input, null, null, 0);
        return new StatementPlan<>(modify, parameters(insert, valueBinder), List.of(), false);
    }

    private StatementPlan<N> update(SqlUpdate update) {
        NamedTable target = target(update.getTargetTable(), update.getAlias());
        RowBinder binder = new RowBinder(rexBuilder, target.row());
        RelDataType rowType = target.row().rowType();
        List<RexNode> projects = new ArrayList<>();
        for (int i = 0; i < rowType.getFieldCount(); i++) {
            projects.add(rexBuilder.makeInputRef(rowType.getFieldList().get(i).getType(), i));
        }
        List<String> updated = new ArrayList<>();
        List<RexNode> values = new ArrayList<>();
        for (int i = 0; i < update.getTargetColumnList().size(); i++) {
            SqlIdentifier name = (SqlIdentifier) update.getTargetColumnList().get(i);
            int column = target.row().index(name);
            String columnName = rowType.getFieldNames().get(column);
            if (name.names.size() != 1 || updated.contains(columnName)) {
                throw RowBinder.notDirect();
            }
            RexNode value = binder.assigned(update.getSourceExpressionList().get(i),
                rowType.getFieldList().get(column).getType());
            updated.add(columnName);
            values.add(value);
        }
        projects.addAll(values);
        N input = access(target, binder, update.getCondition());
        // As the converter lays it out: the old row, then each new value, named as the validator names them.
        List<String> names = new ArrayList<>(rowType.getFieldNames());
        List<RexNode> sources = new ArrayList<>();
        for (RexNode value : values) {
            sources.add(rexBuilder.makeInputRef(value.getType(), names.size()));
            names.add("EXPR$" + names.size());
        }
        N project = shapes.project(input, projects, rexBuilder.getTypeFactory().createStructType(
            RexUtil.types(projects), SqlValidatorUtil.uniquify(names, true)));
        N modify = shapes.modify(target.table(), target.definition(), TableModify.Operation.UPDATE, project, updated,
            sources, 1);
        return new StatementPlan<>(modify, parameters(update, binder), List.of(), false);
    }

    private StatementPlan<N> delete(SqlDelete delete) {
        NamedTable target = target(delete.getTargetTable(), delete.getAlias());
        RowBinder binder = new RowBinder(rexBuilder, target.row());
        N modify = shapes.modify(target.table(), target.definition(), TableModify.Operation.DELETE,
            access(target, binder, delete.getCondition()), null, null, 1);
        return new StatementPlan<>(modify, parameters(delete, binder), List.of(), false);
    }

    /** The statement's parameters, each typed where the binder met it. */
    private static List<ColumnMeta> parameters(SqlNode statement, RowBinder binder) {
        int[] count = new int[1];
        statement.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlDynamicParam param) {
                count[0] = Math.max(count[0], param.getIndex() + 1);
                return null;
            }
        });
        return StatementCompiler.parameters(binder.parameterTypes(count[0]));
    }

    private static ColumnMeta column(String name, RelDataType type, String table, String column) {
        return new ColumnMeta(name, TypeMapping.toDataType(type), type.isNullable(), table, column);
    }

    private static boolean isEmpty(SqlNodeList list) {
        return list == null || list.isEmpty();
    }
}
