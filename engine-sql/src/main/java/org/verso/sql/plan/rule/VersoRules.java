package org.verso.sql.plan.rule;

import java.util.List;
import org.apache.calcite.plan.RelOptRule;

/**
 * The planner's rule set: one converter rule per physical operator, the access-path rules (key lookup, index
 * range scan, index nested-loop join, and the index order that makes a sort unnecessary), and the one logical
 * rewrite the converter needs (WHERE conditions of a comma join become join conditions, so a hash join can use
 * them).
 */
public final class VersoRules {
    public static final List<RelOptRule> ALL = List.of(
        TableScanConverterRule.INSTANCE,
        FilterConverterRule.INSTANCE,
        ProjectConverterRule.INSTANCE,
        SortConverterRule.INSTANCE,
        AggregateConverterRule.INSTANCE,
        WindowConverterRule.INSTANCE,
        ValuesConverterRule.INSTANCE,
        SeriesConverterRule.INSTANCE,
        UnionConverterRule.INSTANCE,
        RecursiveQueryRules.REPEAT_UNION,
        RecursiveQueryRules.SPOOL_REMOVAL,
        SetOpConverterRule.INTERSECT,
        SetOpConverterRule.MINUS,
        JoinConverterRule.INSTANCE,
        HashJoinConverterRule.INSTANCE,
        CorrelateConverterRule.INSTANCE,
        TableModifyConverterRule.INSTANCE,
        KeyLookupRule.INSTANCE,
        IndexScanRule.INSTANCE,
        IndexOrderRule.PROJECTED,
        IndexOrderRule.DIRECT,
        IndexJoinRule.FILTERED,
        IndexJoinRule.DIRECT,
        LogicalRules.FILTER_INTO_JOIN);

    private VersoRules() {
    }
}
