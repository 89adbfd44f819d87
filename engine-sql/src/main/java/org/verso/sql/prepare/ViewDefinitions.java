package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.validate.SqlValidator;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.ViewDefinition;
import org.verso.core.system.SystemView;
import org.verso.sql.error.CalciteErrors;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.schema.CatalogTable;
import org.verso.sql.schema.SchemaSnapshot;
import org.verso.sql.type.TypeMapping;

/**
 * Defines a view for CREATE VIEW: validates its query, and stores it with every name qualified and {@code *}
 * expanded (so columns added to a table later do not change the view), the columns it produces, and the tables and
 * views it reads.
 */
public final class ViewDefinitions {
    private ViewDefinitions() {
    }

    /** @param columnNames the names CREATE VIEW gives the columns, or null for the query's own */
    public static ViewDefinition define(String name, SqlNode query, List<String> columnNames, Catalog catalog,
                                        List<SystemView> systemViews) {
        try {
            SchemaSnapshot schema = StatementCompiler.snapshot(catalog, systemViews);
            SqlValidator validator = Validators.validator(schema);
            SqlNode validated = validator.validate(query);
            RelDataType rowType = validator.getValidatedNodeType(validated);
            List<RelDataTypeField> fields = rowType.getFieldList();
            if (columnNames != null && columnNames.size() != fields.size()) {
                throw ErrorCode.INVALID_DEFINITION.exception(name, "the view names " + columnNames.size()
                    + " columns but its query has " + fields.size());
            }
            List<ColumnDefinition> columns = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (RelDataTypeField field : fields) {
                String column = columnNames != null ? columnNames.get(field.getIndex()) : field.getName();
                if (!seen.add(column)) {
                    throw ErrorCode.DUPLICATE_COLUMN.exception(column, name);
                }
                columns.add(new ColumnDefinition(column, TypeMapping.toDataType(field.getType()),
                    field.getType().isNullable()));
            }
            RexBuilder rexBuilder = schema.rexBuilder();
            RelOptCluster cluster = Clusters.create(new HepPlanner(HepProgram.builder().build()), rexBuilder);
            ViewExpansion expansion = new ViewExpansion(schema, cluster);
            RelNode rel = Validators.converter(schema, validator, cluster, expansion)
                .convertQuery(validated, false, true).project();
            Set<String> dependsOn = new LinkedHashSet<>();
            for (RelOptTable table : RelOptUtil.findAllTables(rel)) {
                CatalogTable catalogTable = table.unwrap(CatalogTable.class);
                if (catalogTable != null && catalogTable.definition().id() >= 0) {
                    dependsOn.add(catalogTable.definition().name());
                }
            }
            dependsOn.addAll(expansion.expandedViews());
            String sql = validated.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
            return new ViewDefinition(name, sql, columns, List.copyOf(dependsOn));
        } catch (VersoException e) {
            throw e;
        } catch (RuntimeException | AssertionError e) {
            throw CalciteErrors.map(e, query);
        }
    }

    /**
     * Whether {@code view}'s query, which reads table {@code changed.name()}, no longer validates once that table is
     * {@code changed}: ALTER TABLE DROP COLUMN asks it of each view that reads the table, to learn which read the
     * column. Only the view's own query is validated; views that read it see its stored columns, which do not change.
     */
    public static boolean breaksWith(ViewDefinition view, TableDefinition changed, Catalog catalog,
                                     List<SystemView> systemViews) {
        SchemaSnapshot schema = SchemaSnapshot.read(catalog, systemViews, List.of(changed), null);
        if (schema == null) {
            throw ErrorCode.INTERNAL_ERROR.exception("the catalog changed during DDL");
        }
        try {
            Validators.validator(schema).validate(SqlParsing.parse(view.query()));
            return false;
        } catch (RuntimeException | AssertionError e) {
            return true;
        }
    }
}
