package org.verso.sql.prepare;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.prepare.Prepare;
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
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.plan.rule.ColumnComparison;
import org.verso.sql.schema.CatalogTable;
import org.verso.sql.schema.SchemaSnapshot;
import org.verso.sql.type.TypeMapping;

/**
 * The direct path for statements whose plan is obvious: a SELECT from one table with no grouping, DISTINCT, join
 * or subquery; a one-row INSERT ... VALUES; an UPDATE or DELETE of one table. It binds the statement with a
 * {@link RowBinder} and builds the physical plan the planner would choose, a primary-key lookup where the WHERE
 * clause fixes the whole key and a scan otherwise, skipping Calcite's validator, SQL-to-rel converter and
 * cost-based planner: the bulk of an ad-hoc statement's cost, and of the classes a new JVM loads for its first
 * statement. A statement where an index other than a full-key lookup could serve (a range or prefix of an index's
 * first column, an ORDER BY on it) is left to the planner, which weighs the indexes; so is everything the binder
 * does not cover, and every statement in error, so that errors are reported one way. Plans from both paths run on
 * the same operators; a differential test holds them to the same answers and result metadata.
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

    /** A table of the catalog named by {@code target} and, optionally, the alias it has in the statement. */
    private record Target(Prepare.PreparingTable table, TableDefinition definition, RowBinder.TableRow row,
                          RowBinder binder) {
    }

    private Target target(SqlNode name, SqlIdentifier alias) {
        if (!(name instanceof SqlIdentifier identifier) || identifier.isStar()) {
            throw RowBinder.notDirect();
        }
        Prepare.PreparingTable table = schema.catalogReader().getTable(identifier.names);
        CatalogTable catalogTable = table == null ? null : table.unwrap(CatalogTable.class);
        if (catalogTable == null || catalogTable.definition().id() < 0) {
            throw RowBinder.notDirect(); // unknown (the planner reports it), a view, a sequence or a system view
        }
        if (alias != null && !alias.isSimple()) {
            throw RowBinder.notDirect();
        }
        TableDefinition definition = catalogTable.definition();
        String simpleName = identifier.names.get(identifier.names.size() - 1);
        RowBinder.TableRow row = new RowBinder.TableRow(rexBuilder, table.getRowType(), simpleName,
            alias == null ? null : alias.getSimple());
        return new Target(table, definition, row, new RowBinder(rexBuilder, row));
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
        Target target = select.getFrom() == null ? noTable() : from(select.getFrom());
        RelDataType row = target.row().rowType();
        String tableName = target.definition() == null ? null : simpleName(target.definition());
        boolean grouped = select.getGroup() != null || select.getHaving() != null
            || RowBinder.containsAggregate(select.getSelectList());

        // The select list: a star expands to every column; names as the validator derives them.
        GroupScope groups = grouped ? new GroupScope(rexBuilder, target.definition(), target.row(), target.binder(),
            select.getGroup()) : null;
        RowBinder binder = grouped ? target.binder().in(groups) : target.binder();
        List<RexNode> projects = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<ColumnMeta> columns = new ArrayList<>();
        Set<String> aliases = new HashSet<>();
        for (SqlNode item : select.getSelectList()) {
            if (item instanceof SqlIdentifier identifier && identifier.isStar()) {
                if (grouped || tableName == null || identifier.names.size() > 2 || identifier.names.size() == 2
                    && !identifier.names.get(0).equals(qualifier(select.getFrom(), tableName))) {
                    throw RowBinder.notDirect();
                }
                for (int i = 0; i < row.getFieldCount(); i++) {
                    String name = SqlValidatorUtil.uniquify(row.getFieldNames().get(i), aliases,
                        SqlValidatorUtil.EXPR_SUGGESTER);
                    aliases.add(name);
                    RelDataType type = row.getFieldList().get(i).getType();
                    projects.add(rexBuilder.makeInputRef(type, i));
                    names.add(name);
                    columns.add(column(name, type, tableName, row.getFieldNames().get(i)));
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
            String origin = expression instanceof SqlIdentifier identifier
                ? row.getFieldNames().get(target.row().index(identifier)) : null;
            columns.add(new ColumnMeta(ColumnLabels.label(name, item), TypeMapping.toDataType(project.getType()),
                project.getType().isNullable(), origin == null ? null : tableName, origin));
        }

        List<RelFieldCollation> collations = order == null ? List.of() : collations(order, names);
        N input;
        if (grouped) {
            RexNode having = select.getHaving() == null ? null : binder.condition(select.getHaving());
            input = groups.aggregate(access(target, select.getWhere(), -1), shapes);
            if (having != null) {
                input = shapes.filter(input, having);
            }
        } else {
            input = access(target, select.getWhere(), collations.isEmpty() || select.isDistinct() ? -1
                : sortedColumn(projects.get(collations.get(0).getFieldIndex())));
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
     * A SELECT without FROM: its expressions are computed over one row of no columns, as the planner's plan
     * computes them over its one-row VALUES; a name in it names nothing (the planner reports that).
     */
    private Target noTable() {
        RowBinder.TableRow row = new RowBinder.TableRow(rexBuilder, rexBuilder.getTypeFactory().builder().build(),
            null, null);
        return new Target(null, null, row, new RowBinder(rexBuilder, row));
    }

    private Target from(SqlNode from) {
        if (from instanceof SqlIdentifier) {
            return target(from, null);
        }
        if (from.getKind() == SqlKind.AS && ((SqlCall) from).operandCount() == 2) {
            SqlCall as = (SqlCall) from;
            return target(as.operand(0), as.operand(1));
        }
        throw RowBinder.notDirect();
    }

    /** The name that qualifies the columns of FROM's one table: its alias, or else its own name. */
    private static String qualifier(SqlNode from, String tableName) {
        return from.getKind() == SqlKind.AS ? ((SqlIdentifier) ((SqlCall) from).operand(1)).getSimple() : tableName;
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
        return project instanceof org.apache.calcite.rex.RexInputRef ref ? ref.getIndex() : -1;
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

    /**
     * How the statement reaches the table's rows: a key lookup when the WHERE clause fixes every primary-key
     * column with a value known when the plan opens, with the rest of the clause filtering above it; else a scan
     * and a filter, unless an index could serve the clause or the order ({@code sortedColumn}), which the planner
     * then weighs.
     */
    private N access(Target target, SqlNode where, int sortedColumn) {
        TableDefinition table = target.definition();
        if (table == null) {
            if (where != null) {
                throw RowBinder.notDirect();
            }
            return shapes.oneRow();
        }
        if (where == null) {
            if (sortedColumn >= 0 && leadsAnIndex(table, sortedColumn)) {
                throw RowBinder.notDirect();
            }
            return shapes.scan(target.table(), table);
        }
        RexNode condition = target.binder().condition(where);
        List<RexNode> conjuncts = RelOptUtil.conjunctions(condition);
        int[] key = table.primaryKey();
        RexNode[] keyValues = new RexNode[key.length];
        List<RexNode> residual = new ArrayList<>();
        boolean indexable = sortedColumn >= 0 && leadsAnIndex(table, sortedColumn);
        for (RexNode conjunct : conjuncts) {
            ColumnComparison comparison = ColumnComparison.of(conjunct);
            // A key value of another type (id = 5000000000 for an INTEGER id) is the planner's to weigh.
            if (comparison != null && SqlTypeUtil.equalSansNullability(
                rexBuilder.getTypeFactory(), comparison.value().getType(),
                target.row().rowType().getFieldList().get(comparison.column()).getType())
                && comparison.bindsKey(key, keyValues)) {
                continue;
            }
            residual.add(conjunct);
            if (comparison != null && leadsAnIndex(table, comparison.column())
                || conjunct.getKind() == SqlKind.OR && readsIndexLead(table, conjunct)) {
                indexable = true; // a range, or key values listed (IN): the planner weighs the index
            }
        }
        boolean fullKey = key.length > 0;
        for (RexNode value : keyValues) {
            fullKey &= value != null;
        }
        if (fullKey) {
            N lookup = shapes.keyLookup(target.table(), table, List.of(keyValues));
            return residual.isEmpty() ? lookup
                : shapes.filter(lookup, RexUtil.composeConjunction(rexBuilder, residual));
        }
        if (indexable || key.length > 0 && keyValues[0] != null) {
            throw RowBinder.notDirect(); // an index range or key prefix: the planner weighs it
        }
        return shapes.filter(shapes.scan(target.table(), table), condition);
    }

    /** Whether {@code condition} reads a column that is the first column of one of the table's indexes. */
    private static boolean readsIndexLead(TableDefinition table, RexNode condition) {
        for (int column : RelOptUtil.InputFinder.bits(condition)) {
            if (leadsAnIndex(table, column)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code column} is the first column of one of the table's indexes (its primary key's too). */
    static boolean leadsAnIndex(TableDefinition table, int column) {
        for (IndexDefinition index : table.indexes()) {
            if (index.columns().length > 0 && index.columns()[0] == column) {
                return true;
            }
        }
        return false;
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
        Target target = target(insert.getTargetTable(), null);
        TableDefinition table = target.definition();
        RowBinder.TableRow targetRow = target.row();
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
        RelDataType noColumns = rexBuilder.getTypeFactory().builder().build();
        // VALUES sees no row: a column name there is an error, which the planner's path reports.
        RowBinder valueBinder = new RowBinder(rexBuilder, new RowBinder.TableRow(rexBuilder, noColumns, null, null));
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
        Target target = target(update.getTargetTable(), update.getAlias());
        RowBinder binder = target.binder();
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
        N input = access(target, update.getCondition(), -1);
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
        Target target = target(delete.getTargetTable(), delete.getAlias());
        N modify = shapes.modify(target.table(), target.definition(), TableModify.Operation.DELETE,
            access(target, delete.getCondition(), -1), null, null, 1);
        return new StatementPlan<>(modify, parameters(delete, target.binder()), List.of(), false);
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

    private static String simpleName(TableDefinition table) {
        return org.verso.core.catalog.CatalogNames.simpleName(table.name());
    }

    private static boolean isEmpty(SqlNodeList list) {
        return list == null || list.isEmpty();
    }
}
