package org.verso.sql.prepare;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidator;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.core.catalog.CatalogNames;
import org.verso.sql.error.CalciteErrors;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.schema.SchemaSnapshot;

/**
 * Compiles a stored scalar expression — a column's DEFAULT, a CHECK condition — the way a statement's expression
 * is compiled: parsed, validated as {@code SELECT expression [FROM table]} and converted. The result refers to the
 * table's columns by position, so the executor evaluates it on a row of the table.
 */
public final class ScalarExpressions {
    private ScalarExpressions() {
    }

    /**
     * The expression as a row expression over {@code table}'s columns ({@code table} null: no columns). Fails with
     * 0A000 for subqueries, aggregates and window functions, which a stored expression may not contain.
     */
    public static RexNode compile(String expression, String table, SchemaSnapshot schema, RexBuilder rexBuilder) {
        try {
            return convert(expression, table, schema, rexBuilder);
        } catch (VersoException e) {
            throw e;
        } catch (RuntimeException | AssertionError e) {
            throw CalciteErrors.map(e, null);
        }
    }

    private static RexNode convert(String expression, String table, SchemaSnapshot schema, RexBuilder rexBuilder) {
        String sql = "SELECT " + expression + (table == null ? "" : " FROM " + quoted(table));
        SqlNode parsed = SqlParsing.parse(sql);
        if (!(parsed instanceof SqlSelect select) || select.getSelectList().size() != 1) {
            throw ErrorCode.SYNTAX_ERROR.exception("not a single expression: " + expression);
        }
        select.getSelectList().get(0).accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect || call.getKind() == SqlKind.OVER
                    || call.getOperator().isAggregator()) {
                    throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("a subquery, aggregate or window function in "
                        + expression);
                }
                return super.visit(call);
            }
        });
        SqlValidator validator = Validators.validator(schema);
        SqlNode validated = validator.validate(select);
        RelOptCluster cluster = Clusters.create(new HepPlanner(HepProgram.builder().build()), rexBuilder);
        RelNode rel = Validators.converter(schema, validator, cluster, new ViewExpansion(schema, cluster))
            .convertQuery(validated, false, true).project();
        if (rel instanceof Project project && project.getProjects().size() == 1
            && (project.getInput() instanceof TableScan || project.getInput() instanceof Values)) {
            return project.getProjects().get(0);
        }
        if (rel instanceof Values values && values.getTuples().size() == 1) {
            return values.getTuples().get(0).get(0); // a constant the converter put straight into a VALUES row
        }
        throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the expression " + expression);
    }

    /** A catalog key as a quoted, schema-qualified SQL name. */
    static String quoted(String key) {
        String schema = CatalogNames.schemaOf(key);
        String name = CatalogNames.simpleName(key);
        return quote(schema) + "." + quote(name);
    }

    private static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }
}
