package org.verso.sql.schema;

import java.util.List;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ColumnStrategy;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql2rel.InitializerContext;
import org.apache.calcite.sql2rel.InitializerExpressionFactory;
import org.apache.calcite.sql2rel.NullInitializerExpressionFactory;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.exec.expr.SequenceExprs;
import org.verso.sql.type.TypeMapping;

/**
 * A catalog table as Calcite's validator and planner see it: the row type, the primary key, and what an INSERT
 * stores in a column it omits (the column's DEFAULT, the next value of its identity sequence, or NULL). It holds no
 * data and no storage handle; the executor resolves the table by name when a plan runs.
 */
public final class CatalogTable extends AbstractTable {
    /** A guess that makes a scan cost more than a key lookup; there are no statistics yet. */
    private static final double ASSUMED_ROW_COUNT = 1000d;

    private final TableDefinition definition;
    private final DefaultValueConverter defaults;

    /** @param defaults converts DEFAULT expressions; null where nothing is inserted (system views, checks) */
    public CatalogTable(TableDefinition definition, DefaultValueConverter defaults) {
        this.definition = definition;
        this.defaults = defaults;
    }

    public TableDefinition definition() {
        return definition;
    }

    /** The row type last built, with the factory it was built by. */
    private record BuiltRowType(RelDataTypeFactory typeFactory, RelDataType rowType) {
    }

    /**
     * The snapshot this table belongs to plans every statement of its catalog version with one type factory, so the
     * row type is built once per factory rather than once per name the validator or the direct path resolves.
     */
    private volatile BuiltRowType builtRowType;

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        BuiltRowType built = builtRowType;
        if (built == null || built.typeFactory() != typeFactory) {
            built = new BuiltRowType(typeFactory, rowType(typeFactory, definition.columns()));
            builtRowType = built;
        }
        return built.rowType();
    }

    /** The row type of {@code columns}. */
    static RelDataType rowType(RelDataTypeFactory typeFactory, List<ColumnDefinition> columns) {
        RelDataTypeFactory.Builder builder = typeFactory.builder();
        for (ColumnDefinition column : columns) {
            builder.add(column.name(), TypeMapping.toRelType(typeFactory, column.type(), column.nullable()));
        }
        return builder.build();
    }

    @Override
    public Statistic getStatistic() {
        List<ImmutableBitSet> keys = definition.hasPrimaryKey()
            ? List.of(ImmutableBitSet.of(definition.primaryKey()))
            : List.of();
        return Statistics.of(ASSUMED_ROW_COUNT, keys);
    }

    @Override
    public <C> @Nullable C unwrap(Class<C> type) {
        if (type == InitializerExpressionFactory.class) {
            return type.cast(new Initializers());
        }
        return super.unwrap(type);
    }

    /** Calcite asks this what to store in columns an INSERT leaves out, and which columns may be left out. */
    private final class Initializers extends NullInitializerExpressionFactory {
        @Override
        public ColumnStrategy generationStrategy(RelOptTable table, int column) {
            ColumnDefinition c = definition.column(column);
            return c.hasDefault() ? ColumnStrategy.DEFAULT
                : c.nullable() ? ColumnStrategy.NULLABLE : ColumnStrategy.NOT_NULLABLE;
        }

        @Override
        public RexNode newColumnDefaultValue(RelOptTable table, int column, InitializerContext context) {
            ColumnDefinition c = definition.column(column);
            RexBuilder rexBuilder = context.getRexBuilder();
            RelDataType type = TypeMapping.toRelType(rexBuilder.getTypeFactory(), c.type(), true);
            RexNode value;
            if (c.identity() != null) {
                // The operator infers no type outside the validator: give it the type NEXT VALUE FOR has.
                value = rexBuilder.makeCall(rexBuilder.getTypeFactory().createSqlType(SqlTypeName.BIGINT),
                    SqlStdOperatorTable.NEXT_VALUE,
                    List.of(rexBuilder.makeLiteral(SequenceExprs.quotedName(c.identity().sequence()))));
            } else if (c.defaultExpression() != null && defaults != null) {
                value = defaults.convert(c.defaultExpression(), rexBuilder);
            } else {
                return rexBuilder.makeNullLiteral(type);
            }
            // No folding: the value is checked against the column when it is stored, as any assigned value is.
            return value.getType().equals(type) ? value : rexBuilder.makeAbstractCast(type, value, false);
        }
    }
}
