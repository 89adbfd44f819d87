package org.verso.sql.plan.rule;

import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.verso.sql.plan.VersoConvention;
import org.verso.sql.plan.rel.VersoHashJoin;

/**
 * LogicalJoin with at least one {@code left.col = right.col} conjunct to {@link VersoHashJoin}, for INNER, LEFT
 * and SEMI joins. Key pairs must be of types whose equal values are equal hash keys ({@link KeyTypes#matchAsKeys});
 * other joins stay nested-loop joins.
 */
public final class HashJoinConverterRule extends ConverterRule {
    public static final HashJoinConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalJoin.class, HashJoinConverterRule::isHashable, Convention.NONE,
            VersoConvention.INSTANCE, "HashJoinConverterRule")
        .withRuleFactory(HashJoinConverterRule::new)
        .toRule(HashJoinConverterRule.class);

    private HashJoinConverterRule(Config config) {
        super(config);
    }

    private static boolean isHashable(LogicalJoin join) {
        JoinRelType type = join.getJoinType();
        if (type != JoinRelType.INNER && type != JoinRelType.LEFT && type != JoinRelType.SEMI) {
            return false;
        }
        JoinInfo info = join.analyzeCondition();
        if (info.leftKeys.isEmpty()) {
            return false;
        }
        List<RelDataTypeField> left = join.getLeft().getRowType().getFieldList();
        List<RelDataTypeField> right = join.getRight().getRowType().getFieldList();
        for (int i = 0; i < info.leftKeys.size(); i++) {
            if (!KeyTypes.matchAsKeys(left.get(info.leftKeys.get(i)).getType(),
                right.get(info.rightKeys.get(i)).getType())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalJoin join = (LogicalJoin) rel;
        RelTraitSet traits = join.getTraitSet().replace(VersoConvention.INSTANCE);
        return new VersoHashJoin(join.getCluster(), traits, physical(join.getLeft()), physical(join.getRight()),
            join.getCondition(), join.getJoinType());
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
