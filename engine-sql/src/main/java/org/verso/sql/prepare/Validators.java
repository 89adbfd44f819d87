package org.verso.sql.prepare;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.verso.sql.parse.SqlParsing;
import org.verso.sql.schema.SchemaSnapshot;
import org.verso.sql.type.VersoTypeCoercion;

/** The one way Verso builds Calcite validators and SQL-to-rel converters, so every statement is checked alike. */
final class Validators {
    static final SqlToRelConverter.Config CONVERTER_CONFIG = SqlToRelConverter.config()
        .withTrimUnusedFields(false)
        // Subqueries stay RexSubQuery expressions; SubQueries rewrites them into joins and correlates.
        .withExpand(false)
        // Keep IN lists as comparisons rather than joins with a VALUES relation.
        .withInSubQueryThreshold(Integer.MAX_VALUE)
        // No constant folding while converting: Calcite folds CAST('toolong' AS VARCHAR(5)) into 'toolo', which
        // would hide the 22001 that SQL requires when such a value is assigned to a column.
        .withRelBuilderConfigTransform(c -> c.withSimplify(false));

    private Validators() {
    }

    static SqlValidator validator(SchemaSnapshot schema) {
        return new VersoValidator(VersoOperators.TABLE, schema.catalogReader(), schema.typeFactory(),
            SqlValidator.Config.DEFAULT.withConformance(SqlParsing.CONFORMANCE).withIdentifierExpansion(true)
                .withTypeCoercionFactory(VersoTypeCoercion::new));
    }

    /** A converter over {@code cluster} whose views expand through {@code views}. */
    static SqlToRelConverter converter(SchemaSnapshot schema, SqlValidator validator, RelOptCluster cluster,
                                       ViewExpansion views) {
        return new SqlToRelConverter(views, validator, schema.catalogReader(), cluster,
            VersoConvertlets.INSTANCE, CONVERTER_CONFIG);
    }
}
