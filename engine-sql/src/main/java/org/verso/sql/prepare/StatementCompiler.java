package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.core.catalog.Catalog;
import org.verso.core.system.SystemView;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.ddl.DdlTranslator;
import org.verso.sql.error.CalciteErrors;
import org.verso.sql.exec.PlanBuilder;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.node.ValuesNode;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.plan.VersoConvention;
import org.verso.sql.plan.rule.VersoRules;
import org.verso.sql.schema.SchemaSnapshot;
import org.verso.sql.type.TypeMapping;
import org.verso.common.type.DataType;

/**
 * Parses, validates and plans one SQL statement: Calcite parser, validator against a {@link SchemaSnapshot}, SQL
 * to relational algebra, then a Volcano planner with only {@link VersoRules}, then the {@link PlanBuilder}.
 * Stateless and thread safe; every call builds its own Calcite objects.
 */
public final class StatementCompiler {
    /** Catalog reads race with DDL only briefly; give up after this many changed snapshots. */
    private static final int SNAPSHOT_ATTEMPTS = 5;

    private static final SqlToRelConverter.Config CONVERTER_CONFIG = SqlToRelConverter.config()
        .withTrimUnusedFields(false)
        .withExpand(true)
        // Keep IN lists as comparisons rather than joins with a VALUES relation.
        .withInSubQueryThreshold(Integer.MAX_VALUE)
        // No constant folding while converting: Calcite folds CAST('toolong' AS VARCHAR(5)) into 'toolo', which
        // would hide the 22001 that SQL requires when such a value is assigned to a column.
        .withRelBuilderConfigTransform(c -> c.withSimplify(false));

    public CompiledStatement compile(String sql, Catalog catalog, List<SystemView> systemViews) {
        SqlNode node = null;
        try {
            node = SqlParsing.parse(sql);
            if (DdlTranslator.isDdl(node)) {
                return new CompiledStatement(StatementKind.DDL, List.of(), List.of(), null,
                    DdlTranslator.translate(node), catalog.version(), node.getKind().toString());
            }
            if (node instanceof SqlExplain explain) {
                return explain(plan(explain.getExplicandum(), snapshot(catalog, systemViews)));
            }
            return plan(node, snapshot(catalog, systemViews));
        } catch (VersoException e) {
            throw e;
        } catch (RuntimeException | AssertionError | StackOverflowError e) {
            throw CalciteErrors.map(e, node);
        }
    }

    /**
     * EXPLAIN PLAN FOR statement: a query returning the statement's physical plan, one operator per row. It keeps
     * the statement's parameters so a driver can bind them, but nothing runs.
     */
    private static CompiledStatement explain(CompiledStatement statement) {
        List<Object[]> lines = new ArrayList<>();
        for (String line : statement.explain().split("\n")) {
            lines.add(new Object[] {line});
        }
        ColumnMeta column = new ColumnMeta("PLAN", DataType.varchar(DataType.MAX_STRING_LENGTH), false, null, null);
        return new CompiledStatement(StatementKind.QUERY, statement.parameters(), List.of(column),
            new ValuesNode(lines), null, statement.catalogVersion(), statement.explain());
    }

    private static SchemaSnapshot snapshot(Catalog catalog, List<SystemView> systemViews) {
        for (int attempt = 0; attempt < SNAPSHOT_ATTEMPTS; attempt++) {
            SchemaSnapshot snapshot = SchemaSnapshot.read(catalog, systemViews);
            if (snapshot != null) {
                return snapshot;
            }
        }
        throw ErrorCode.INTERNAL_ERROR.exception("the catalog kept changing while the statement was planned");
    }

    private static CompiledStatement plan(SqlNode node, SchemaSnapshot schema) {
        if (!node.getKind().belongsTo(SqlKind.QUERY) && !node.getKind().belongsTo(SqlKind.DML)) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the statement " + node.getKind());
        }
        SqlValidator validator = SqlValidatorUtil.newValidator(SqlStdOperatorTable.instance(),
            schema.catalogReader(), schema.typeFactory(),
            SqlValidator.Config.DEFAULT.withConformance(SqlParsing.CONFORMANCE).withIdentifierExpansion(true));
        SqlNode validated = validator.validate(node);
        List<ColumnMeta> parameters = parameters(validator.getParameterRowType(validated));

        VolcanoPlanner planner = new VolcanoPlanner();
        planner.addRelTraitDef(ConventionTraitDef.INSTANCE);
        VersoRules.ALL.forEach(planner::addRule);
        RexBuilder rexBuilder = new RexBuilder(schema.typeFactory());
        RelOptCluster cluster = RelOptCluster.create(planner, rexBuilder);
        SqlToRelConverter converter = new SqlToRelConverter(
            (rowType, queryString, schemaPath, viewPath) -> {
                throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("views");
            },
            validator, schema.catalogReader(), cluster, StandardConvertletTable.INSTANCE, CONVERTER_CONFIG);
        RelRoot root = converter.convertQuery(validated, false, true);
        RelNode logical = root.project();

        planner.setRoot(planner.changeTraits(logical, logical.getTraitSet().replace(VersoConvention.INSTANCE)));
        RelNode physical = planner.findBestExp();
        PlanNode plan = new PlanBuilder(rexBuilder).build(physical);

        boolean query = root.kind.belongsTo(SqlKind.QUERY);
        List<ColumnMeta> columns = query ? columns(validator, validated, root.validatedRowType) : List.of();
        return new CompiledStatement(query ? StatementKind.QUERY : StatementKind.DML, parameters, columns, plan,
            null, schema.catalogVersion(), RelOptUtil.toString(physical));
    }

    private static List<ColumnMeta> parameters(RelDataType rowType) {
        List<ColumnMeta> result = new ArrayList<>();
        for (RelDataTypeField field : rowType.getFieldList()) {
            result.add(new ColumnMeta("?" + (field.getIndex() + 1), TypeMapping.toDataType(field.getType()), true,
                null, null));
        }
        return result;
    }

    private static List<ColumnMeta> columns(SqlValidator validator, SqlNode validated, RelDataType rowType) {
        List<List<String>> origins = validator.getFieldOrigins(validated);
        List<ColumnMeta> result = new ArrayList<>();
        for (RelDataTypeField field : rowType.getFieldList()) {
            List<String> origin = field.getIndex() < origins.size() ? origins.get(field.getIndex()) : null;
            String table = origin != null && origin.size() >= 2 ? origin.get(origin.size() - 2) : null;
            String column = origin != null && !origin.isEmpty() ? origin.get(origin.size() - 1) : null;
            result.add(new ColumnMeta(field.getName(), TypeMapping.toDataType(field.getType()),
                field.getType().isNullable(), table, column));
        }
        return result;
    }
}
