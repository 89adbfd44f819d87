package org.verso.sql.prepare;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.validate.SqlValidator;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.verso.core.catalog.CatalogNames;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.schema.SchemaSnapshot;

/**
 * Expands a view where a statement names it: its stored query is parsed, validated against the same catalog
 * snapshot and converted into the statement's own plan, so the planner sees through it. Records the views it
 * expanded (CREATE VIEW stores them as dependencies).
 */
final class ViewExpansion implements RelOptTable.ViewExpander {
    private final SchemaSnapshot schema;
    private final RelOptCluster cluster;
    private final Set<String> expanded = new LinkedHashSet<>();

    ViewExpansion(SchemaSnapshot schema, RelOptCluster cluster) {
        this.schema = schema;
        this.cluster = cluster;
    }

    @Override
    public RelRoot expandView(RelDataType rowType, String queryString, List<String> schemaPath,
                              @Nullable List<String> viewPath) {
        if (viewPath != null && viewPath.size() == 2) {
            expanded.add(CatalogNames.key(viewPath.get(0), viewPath.get(1)));
        }
        SqlNode query = SqlParsing.parse(queryString);
        SqlValidator validator = Validators.validator(schema);
        SqlNode validated = validator.validate(query);
        // Converted as a whole query, so that its ORDER BY (with LIMIT or DISTINCT ON, or alone) stays in the plan;
        // sort keys outside the select list are then projected away, as the view's row type has none of them.
        RelRoot root = Validators.converter(schema, validator, cluster, this).convertQuery(validated, false, true);
        return RelRoot.of(root.project(), root.validatedRowType, root.kind);
    }

    /** Catalog keys of the views expanded so far. */
    Set<String> expandedViews() {
        return expanded;
    }
}
