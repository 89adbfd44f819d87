package org.verso.sql.prepare;

import com.google.common.base.Suppliers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.externalize.RelWriterImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidator;
import org.verso.common.ErrorCode;
import org.verso.core.table.LockWait;
import org.verso.common.VersoException;
import org.verso.common.type.DataType;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.system.SystemView;
import org.verso.sql.api.Cancellation;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.ddl.DdlTranslator;
import org.verso.sql.error.CalciteErrors;
import org.verso.sql.exec.PlanBuilder;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.analyze.AnalyzeNode;
import org.verso.sql.exec.analyze.ProfiledNode;
import org.verso.sql.exec.constraint.ConstraintPlanner;
import org.verso.sql.exec.constraint.TableConstraints;
import org.verso.sql.exec.expr.ExprCompiler;
import org.verso.sql.exec.node.ForUpdateNode;
import org.verso.sql.exec.node.SortNode;
import org.verso.sql.exec.node.ValuesNode;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.parse.ast.SqlExplainAnalyze;
import org.verso.sql.parse.ast.SqlInsertOnConflict;
import org.verso.sql.parse.ast.SqlMergeByKey;
import org.verso.sql.parse.ast.SqlMergeStatement;
import org.verso.sql.parse.ast.SqlSelectForUpdate;
import org.verso.sql.parse.ast.SqlTransactionStatement;
import org.verso.sql.parse.ast.SqlChangeReturning;
import org.verso.sql.parse.ast.SqlTruncateStatement;
import org.verso.sql.plan.VersoConvention;
import org.verso.sql.plan.rel.VersoTableScan;
import org.verso.sql.plan.rule.VersoRules;
import org.verso.sql.schema.SchemaSnapshot;
import org.verso.sql.type.TypeMapping;

/**
 * Parses, validates and plans one SQL statement: Verso's parser, Calcite's validator against a
 * {@link SchemaSnapshot} (views expand in place), SQL to relational algebra (omitted INSERT columns take their
 * DEFAULT or identity value), then a Volcano planner with only {@link VersoRules}, then the {@link PlanBuilder},
 * which compiles into writes the table constraints they must keep. Statements whose plan is obvious skip the
 * validator and the planner ({@link DirectPlanner}). DDL is translated, not planned. Thread safe: every call
 * builds its own Calcite objects, except the read-only catalog snapshot that statements of one catalog version
 * share.
 */
public final class StatementCompiler {
    /** Catalog reads race with DDL only briefly; give up after this many changed snapshots. */
    private static final int SNAPSHOT_ATTEMPTS = 5;
    /** The one column of EXPLAIN and EXPLAIN ANALYZE: a line of the plan. */
    private static final ColumnMeta PLAN_COLUMN =
        new ColumnMeta("PLAN", DataType.varchar(DataType.MAX_STRING_LENGTH), false, null, null);
    /** A line of a plan written with operator ids: its indentation, the operator's id, the rest. */
    private static final Pattern ID_PREFIXED = Pattern.compile("( *)(\\d+):(.*)");

    private final boolean directPlans;
    /**
     * The snapshot of the catalog version last planned at, shared by the statements planned at that version: reading
     * the catalog into Calcite's schema and a type factory cost an ad-hoc statement more than planning it directly.
     * A snapshot is read-only once built (its schemas do not cache, and types are interned JVM-wide).
     */
    private final AtomicReference<SchemaSnapshot> latest = new AtomicReference<>();

    /** A compiler that plans the statements it covers on the direct path ({@link DirectPlanner}). */
    public StatementCompiler() {
        this(true);
    }

    /** @param directPlans whether statements the direct path covers take it (false: every one is planned) */
    public StatementCompiler(boolean directPlans) {
        this.directPlans = directPlans;
    }

    public CompiledStatement compile(String sql, Catalog catalog, List<SystemView> systemViews,
                                     Cancellation cancellation) {
        return compile(sql, catalog, systemViews, cancellation, directPlans);
    }

    /**
     * @param operators whether a statement the direct path covers is planned straight into operators, its plan's
     *                  text then written only when asked for; else into relational nodes, as EXPLAIN shows them
     */
    private CompiledStatement compile(String sql, Catalog catalog, List<SystemView> systemViews,
                                      Cancellation cancellation, boolean operators) {
        SqlNode node = null;
        try {
            node = SqlParsing.parse(sql);
            LockWait forUpdate = null;
            if (node instanceof SqlSelectForUpdate locking) {
                forUpdate = locking.wait;
                node = locking.query;
            }
            if (node instanceof SqlChangeReturning returning) {
                CompiledStatement change = compileChange(sql, returning.change, catalog, systemViews, cancellation,
                    operators);
                return change.returning(returning.keys());
            }
            if (node instanceof SqlTruncateStatement truncate) {
                // TRUNCATE is a transactional DELETE of every row: foreign keys act, and a rollback restores them.
                if (truncate.tables.size() > 1 || truncate.cascade || truncate.restartIdentity) {
                    SchemaSnapshot schema = currentSnapshot(catalog, systemViews);
                    return TruncatePlanner.plan(truncate, schema.catalog(),
                        delete -> plan(delete, schema, null, false, cancellation, null));
                }
                node = new SqlDelete(truncate.getParserPosition(), truncate.tables.get(0), null, null, null);
            }
            if (node instanceof SqlMergeStatement) {
                return planMerge(sql, catalog, systemViews, cancellation);
            }
            if (node instanceof SqlMergeByKey merge) {
                node = KeyedMerges.asUpsert(merge, catalog);
            }
            if (DdlTranslator.isDdl(node)) {
                return CompiledStatement.ddl(DdlTranslator.translate(node), catalog.version(),
                    node.getKind().toString());
            }
            if (node instanceof SqlTransactionStatement statement) {
                return CompiledStatement.transaction(statement.control, catalog.version());
            }
            if (node instanceof SqlExplain explain) {
                SqlNode explained = explain.getExplicandum();
                LockWait locking = null;
                if (explained instanceof SqlChangeReturning returning) {
                    explained = returning.change; // the plan is the change's
                }
                if (explained instanceof SqlSelectForUpdate forUpdateQuery) {
                    locking = forUpdateQuery.wait;
                    explained = forUpdateQuery.query;
                }
                boolean analyze = explain instanceof SqlExplainAnalyze;
                if (explained instanceof SqlMergeByKey merge) {
                    explained = KeyedMerges.asUpsert(merge, catalog);
                }
                if (explained instanceof SqlMergeStatement) {
                    if (analyze) {
                        throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("EXPLAIN ANALYZE of MERGE");
                    }
                    return explain(planMerge(sql, catalog, systemViews, cancellation));
                }
                CompiledStatement planned = plan(explained, currentSnapshot(catalog, systemViews), locking, analyze,
                    cancellation, null);
                return analyze ? planned : explain(planned);
            }
            Supplier<String> explain = !operators ? null : Suppliers.memoize(
                () -> compile(sql, catalog, systemViews, new Cancellation(), false).explain());
            return plan(node, currentSnapshot(catalog, systemViews), forUpdate, false, cancellation, explain);
        } catch (VersoException e) {
            throw e;
        } catch (RuntimeException | AssertionError | StackOverflowError e) {
            throw CalciteErrors.map(e, node);
        }
    }

    /** The change of an INSERT, UPDATE or DELETE ... RETURNING, planned as any (its text explained with RETURNING). */
    private CompiledStatement compileChange(String sql, SqlNode change, Catalog catalog, List<SystemView> systemViews,
                                            Cancellation cancellation, boolean operators) {
        Supplier<String> explain = !operators ? null : Suppliers.memoize(
            () -> compile(sql, catalog, systemViews, new Cancellation(), false).explain());
        return plan(change, currentSnapshot(catalog, systemViews), null, false, cancellation, explain);
    }

    /** MERGE, planned from plans of ordinary statements ({@link MergePlanner}) against one catalog snapshot. */
    private CompiledStatement planMerge(String sql, Catalog catalog, List<SystemView> systemViews,
                                        Cancellation cancellation) {
        SchemaSnapshot schema = currentSnapshot(catalog, systemViews);
        RexBuilder rexBuilder = schema.rexBuilder();
        ExprCompiler compiler = new ExprCompiler(rexBuilder);
        return MergePlanner.plan(() -> merge(SqlParsing.parse(sql)), schema, rexBuilder, compiler,
            constraints(schema, rexBuilder, compiler),
            statement -> plan(statement, schema, null, false, cancellation, null));
    }

    private static SqlMergeStatement merge(SqlNode parsed) {
        return (SqlMergeStatement) (parsed instanceof SqlExplain explain ? explain.getExplicandum() : parsed);
    }

    /** The constraints a write to a table keeps, their CHECK conditions compiled against {@code schema}. */
    private static Function<TableDefinition, TableConstraints> constraints(SchemaSnapshot schema,
                                                                           RexBuilder rexBuilder,
                                                                           ExprCompiler compiler) {
        ConstraintPlanner constraints = new ConstraintPlanner(schema.catalog());
        return table -> constraints.plan(table, (t, condition) ->
            compiler.compile(ScalarExpressions.compile(condition, t.name(), schema, rexBuilder)));
    }

    /**
     * EXPLAIN [PLAN FOR] statement: a query returning the statement's physical plan, one operator per row. It keeps
     * the statement's parameters (shown as ?0, ?1, ...) so a driver can bind them, but needs no values: a plan never
     * depends on them, and nothing runs.
     */
    private static CompiledStatement explain(CompiledStatement statement) {
        List<Object[]> lines = new ArrayList<>();
        for (String line : statement.explain().split("\n")) {
            lines.add(new Object[] {line});
        }
        return CompiledStatement.planned(StatementKind.EXPLAIN, statement.parameters(), List.of(PLAN_COLUMN),
            new ValuesNode(lines), statement.catalogVersion(), statement.explain(), false, statement.direct());
    }

    /** The snapshot of the catalog's current version: the one last read, if it is of that version. */
    private SchemaSnapshot currentSnapshot(Catalog catalog, List<SystemView> systemViews) {
        SchemaSnapshot last = latest.get();
        if (last != null && last.catalog() == catalog && last.systemViews() == systemViews
            && last.catalogVersion() == catalog.version()) {
            return last;
        }
        SchemaSnapshot read = snapshot(catalog, systemViews);
        latest.set(read);
        return read;
    }

    /** A snapshot whose tables convert their DEFAULT expressions with this same snapshot. */
    static SchemaSnapshot snapshot(Catalog catalog, List<SystemView> systemViews) {
        for (int attempt = 0; attempt < SNAPSHOT_ATTEMPTS; attempt++) {
            SchemaSnapshot[] self = new SchemaSnapshot[1];
            SchemaSnapshot snapshot = SchemaSnapshot.read(catalog, systemViews, List.of(),
                (expression, rexBuilder) -> ScalarExpressions.compile(expression, null, self[0], rexBuilder));
            if (snapshot != null) {
                self[0] = snapshot;
                return snapshot;
            }
        }
        throw ErrorCode.INTERNAL_ERROR.exception("the catalog kept changing while the statement was planned");
    }

    /**
     * Plans a query or a change. With {@code analyze} (EXPLAIN ANALYZE), every operator is measured and the plan
     * returns its own text with the measurements instead of the statement's result.
     *
     * @param forUpdate for a query FOR UPDATE, what its locks do about rows being written; else null
     * @param explainLater where the direct path may plan straight into operators, how their plan's text is
     *                     written when asked for; null where it plans into relational nodes
     */
    private CompiledStatement plan(SqlNode statement, SchemaSnapshot schema, LockWait forUpdate, boolean analyze,
                                   Cancellation cancellation, Supplier<String> explainLater) {
        SqlInsertOnConflict upsert = statement instanceof SqlInsertOnConflict clause ? clause : null;
        SqlNode node = upsert != null ? upsert.insert : statement;
        if (!node.getKind().belongsTo(SqlKind.QUERY) && !node.getKind().belongsTo(SqlKind.DML)) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the statement " + node.getKind());
        }
        GeneratedColumns.check(node, schema.catalog());
        InsertArity.check(node, schema.catalog());
        AssignedLiterals.check(node, schema.catalog());
        DefaultKeyword.expand(node, schema.catalog());
        SequenceCalls.rewrite(node, schema.catalog());
        SeriesCalls.rewrite(node);
        RexBuilder rexBuilder = schema.rexBuilder();
        ExprCompiler checks = new ExprCompiler(rexBuilder);
        PlanBuilder builder = new PlanBuilder(rexBuilder, constraints(schema, rexBuilder, checks));
        boolean intoOperators = explainLater != null && forUpdate == null && !analyze;
        ConflictClauses.Compiled conflict = null;
        if (upsert != null) {
            // The executor's clause goes into the INSERT the builder makes, on either path.
            conflict = ConflictClauses.compile(upsert, schema, rexBuilder, checks,
                query -> plan(query, schema, null, false, cancellation, null));
            builder.onConflict(conflict.conflict());
        }
        if (intoOperators) {
            // The plan runs as the direct path builds it: no planner objects, its text written when asked for.
            StatementPlan<PlanNode> operators =
                DirectPlanner.plan(node, schema, rexBuilder, new PlanShapes.Operators(builder));
            if (operators != null) {
                return new CompiledStatement(operators.query() ? StatementKind.QUERY : StatementKind.DML,
                    withClauseParameters(operators.parameters(), conflict), operators.columns(), operators.plan(),
                    null, schema.catalogVersion(), explainLater, false, null, true, null);
            }
        }
        StatementPlan<RelNode> direct = directPlans && !intoOperators ? DirectPlanner.plan(node, schema,
            rexBuilder, new PlanShapes.Relations(rexBuilder, schema.catalogReader())) : null;
        StatementPlan<RelNode> planned = direct != null ? direct
            : planByCalcite(node, schema, rexBuilder, cancellation);
        RelNode physical = planned.plan();
        List<ColumnMeta> parameters = withClauseParameters(planned.parameters(), conflict);
        boolean query = planned.query();
        // FOR UPDATE locks the rows below LIMIT and OFFSET, as PostgreSQL's LockRows does: a row skipped (SKIP
        // LOCKED) or gone while the lock waited leaves its place to the next one.
        Sort limit = forUpdate != null ? LockedLimit.of(physical) : null;
        if (limit != null) {
            physical = LockedLimit.without(physical);
        }
        Map<Integer, Integer> slots = analyze ? builder.profileOperators() : null;
        PlanNode plan = builder.build(physical);

        String explain = RelOptUtil.toString(physical);
        List<AnalyzeNode.Line> lines = analyze ? new ArrayList<>() : null;
        int extra = 0; // the operators above the physical plan's: the lock, and the limit above it
        if (conflict != null) {
            explain = conflict.explain() + "\n" + explain.indent(2);
            if (analyze) {
                lines.add(new AnalyzeNode.Line(conflict.explain(), -1));
                extra++;
            }
        }
        if (forUpdate != null) {
            String locked = lockedTable(plan, physical);
            plan = new ForUpdateNode(plan, locked, forUpdate);
            String lockLine = "VersoForUpdate(table=[" + locked + "]"
                + (forUpdate == LockWait.WAIT ? "" : ", wait=[" + forUpdate + "]") + ")";
            explain = lockLine + "\n" + explain.indent(2);
            if (analyze) {
                plan = new ProfiledNode(plan, slots.size() + extra);
                lines.add(0, new AnalyzeNode.Line(lockLine, slots.size() + extra++));
            }
            if (limit != null) {
                plan = new SortNode(plan, null, limit.offset == null ? null : checks.compile(limit.offset),
                    limit.fetch == null ? null : checks.compile(limit.fetch));
                String limitLine = "VersoLimit(offset=[" + limit.offset + "], fetch=[" + limit.fetch + "])";
                explain = limitLine + "\n" + explain.indent(2);
                if (analyze) {
                    plan = new ProfiledNode(plan, slots.size() + extra);
                    lines.add(0, new AnalyzeNode.Line(limitLine, slots.size() + extra++));
                    lines.set(1, new AnalyzeNode.Line("  " + lines.get(1).text(), lines.get(1).slot()));
                }
            }
        }
        if (analyze) {
            lines.addAll(operatorLines(physical, slots, 2 * extra));
            int operators = slots.size() + extra;
            return CompiledStatement.planned(query ? StatementKind.ANALYZE_QUERY : StatementKind.ANALYZE_CHANGE,
                parameters, List.of(PLAN_COLUMN), new AnalyzeNode(plan, lines, operators, !query),
                schema.catalogVersion(), explain, forUpdate != null, direct != null);
        }
        List<ColumnMeta> columns = query ? planned.columns() : List.of();
        return CompiledStatement.planned(query ? StatementKind.QUERY : StatementKind.DML, parameters, columns, plan,
            schema.catalogVersion(), explain, forUpdate != null, direct != null);
    }

    /** The statement's parameters: the INSERT's, then those of its ON CONFLICT clause, if any. */
    private static List<ColumnMeta> withClauseParameters(List<ColumnMeta> parameters,
                                                         ConflictClauses.Compiled conflict) {
        if (conflict == null || conflict.parameterTypes().isEmpty()) {
            return parameters;
        }
        List<ColumnMeta> all = new ArrayList<>(parameters);
        all.addAll(parameters(conflict.parameterTypes(), parameters.size()));
        return all;
    }

    /**
     * The cost-based planner's physical plan: Calcite validates the statement and converts it, Verso's logical
     * phases rewrite windows, subqueries and join order, then a Volcano planner with {@link VersoRules} picks the
     * physical operators.
     */
    private static StatementPlan<RelNode> planByCalcite(SqlNode node, SchemaSnapshot schema,
                                                                   RexBuilder rexBuilder, Cancellation cancellation) {
        SqlValidator validator = Validators.validator(schema);
        Map<SqlParserPos, String> rewritten = ColumnLabels.rewrittenFunctions(node);
        SqlNode validated = validator.validate(node);
        List<ColumnMeta> parameters = parameters(validator.getParameterRowType(validated));

        VolcanoPlanner planner = new VolcanoPlanner() {
            @Override
            public void checkCancel() {
                cancellation.check();
            }
        };
        planner.addRelTraitDef(ConventionTraitDef.INSTANCE);
        VersoRules.ALL.forEach(planner::addRule);
        RelOptCluster cluster = Clusters.create(planner, rexBuilder);
        RelRoot root = Validators.converter(schema, validator, cluster, new ViewExpansion(schema, cluster))
            .convertQuery(validated, false, true);
        RelNode logical = JoinOrder.choose(
            SubQueries.remove(Windows.split(root.project(), cancellation), cancellation), cancellation);

        planner.setRoot(planner.changeTraits(logical, logical.getTraitSet().replace(VersoConvention.INSTANCE)));
        boolean query = root.kind.belongsTo(SqlKind.QUERY);
        return new StatementPlan<>(planner.findBestExp(), parameters,
            query ? columns(validator, validated, root.validatedRowType, rewritten) : List.of(), query);
    }

    /** The plan's text, one operator per line, each with the slot its measurements are counted at. */
    private static List<AnalyzeNode.Line> operatorLines(RelNode physical, Map<Integer, Integer> slots, int indent) {
        StringWriter text = new StringWriter();
        physical.explain(new RelWriterImpl(new PrintWriter(text), SqlExplainLevel.EXPPLAN_ATTRIBUTES, true));
        List<AnalyzeNode.Line> lines = new ArrayList<>();
        String margin = " ".repeat(indent);
        for (String line : text.toString().split("\n")) {
            Matcher operator = ID_PREFIXED.matcher(line);
            Integer slot = operator.matches() ? slots.get(Integer.parseInt(operator.group(2))) : null;
            lines.add(slot == null ? new AnalyzeNode.Line(margin + line, -1)
                : new AnalyzeNode.Line(margin + operator.group(1) + operator.group(3), slot));
        }
        return lines;
    }

    /** The one table whose rows a FOR UPDATE query returns; other shapes are refused. */
    private static String lockedTable(PlanNode plan, RelNode physical) {
        List<RelOptTable> tables = RelOptUtil.findAllTables(physical);
        if (tables.size() != 1 || !plan.preservesRowId()) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("FOR UPDATE of a query that joins, groups or aggregates "
                + "(its rows are not rows of one table)");
        }
        TableDefinition table = VersoTableScan.definitionOf(tables.get(0));
        if (table.id() < 0) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("FOR UPDATE of system view " + table.name());
        }
        return table.name();
    }

    private static List<ColumnMeta> parameters(RelDataType rowType) {
        return parameters(rowType.getFieldList().stream().map(RelDataTypeField::getType).toList());
    }

    /** The parameters of these types, in order, as a driver describes them. */
    static List<ColumnMeta> parameters(List<RelDataType> types) {
        return parameters(types, 0);
    }

    /** The parameters of these types, numbered from {@code first} + 1 (they follow {@code first} others). */
    static List<ColumnMeta> parameters(List<RelDataType> types, int first) {
        List<ColumnMeta> result = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            result.add(new ColumnMeta("?" + (first + i + 1), TypeMapping.toDataType(types.get(i)), true, null, null));
        }
        return result;
    }

    private static List<ColumnMeta> columns(SqlValidator validator, SqlNode validated, RelDataType rowType,
                                            Map<SqlParserPos, String> rewritten) {
        List<List<String>> origins = validator.getFieldOrigins(validated);
        List<ColumnMeta> result = new ArrayList<>();
        for (RelDataTypeField field : rowType.getFieldList()) {
            List<String> origin = field.getIndex() < origins.size() ? origins.get(field.getIndex()) : null;
            String table = origin != null && origin.size() >= 2 ? origin.get(origin.size() - 2) : null;
            String column = origin != null && !origin.isEmpty() ? origin.get(origin.size() - 1) : null;
            result.add(new ColumnMeta(ColumnLabels.label(field.getName(), validated, field.getIndex(), rewritten),
                TypeMapping.toDataType(field.getType()), field.getType().isNullable(), table, column));
        }
        return result;
    }
}
