package org.verso.sql.plan.rule;

import org.apache.calcite.rel.rules.FilterJoinRule;
import org.apache.calcite.rel.rules.FilterMultiJoinMergeRule;
import org.apache.calcite.rel.rules.JoinToMultiJoinRule;
import org.apache.calcite.rel.rules.LoptOptimizeJoinRule;
import org.apache.calcite.rel.rules.MultiJoinOptimizeBushyRule;
import org.apache.calcite.rel.rules.ProjectMultiJoinMergeRule;
import org.apache.calcite.rel.rules.ProjectToWindowRule;
import org.apache.calcite.rel.rules.SubQueryRemoveRule;

/**
 * The logical rewrites of Calcite that Verso's planning uses, each made from its own configuration. They are the
 * rules of Calcite's {@code CoreRules} of the same names; that class builds its two hundred rules when it is first
 * touched, which was an eighth of the first statement's time in a fresh JVM.
 */
public final class LogicalRules {
    /** A WHERE condition over a join becomes a condition of the join ({@code CoreRules.FILTER_INTO_JOIN}). */
    public static final FilterJoinRule.FilterIntoJoinRule FILTER_INTO_JOIN =
        FilterJoinRule.FilterIntoJoinRule.FilterIntoJoinRuleConfig.DEFAULT.toRule();
    /**
     * Parts of a join's condition that read one of its inputs filter that input
     * ({@code CoreRules.JOIN_CONDITION_PUSH}).
     */
    public static final FilterJoinRule.JoinConditionPushRule JOIN_CONDITION_PUSH =
        FilterJoinRule.JoinConditionPushRule.JoinConditionPushRuleConfig.DEFAULT.toRule();
    /** Window functions split out of a projection ({@code CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW}). */
    public static final ProjectToWindowRule.ProjectToLogicalProjectAndWindowRule PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW =
        ProjectToWindowRule.ProjectToLogicalProjectAndWindowRule.ProjectToLogicalProjectAndWindowRuleConfig.DEFAULT
            .toRule();
    public static final JoinToMultiJoinRule JOIN_TO_MULTI_JOIN = JoinToMultiJoinRule.Config.DEFAULT.toRule();
    public static final ProjectMultiJoinMergeRule PROJECT_MULTI_JOIN_MERGE =
        ProjectMultiJoinMergeRule.Config.DEFAULT.toRule();
    public static final FilterMultiJoinMergeRule FILTER_MULTI_JOIN_MERGE =
        FilterMultiJoinMergeRule.Config.DEFAULT.toRule();
    /** Left-deep join ordering ({@code CoreRules.MULTI_JOIN_OPTIMIZE}). */
    public static final LoptOptimizeJoinRule MULTI_JOIN_OPTIMIZE = LoptOptimizeJoinRule.Config.DEFAULT.toRule();
    /** Bushy join ordering ({@code CoreRules.MULTI_JOIN_OPTIMIZE_BUSHY}). */
    public static final MultiJoinOptimizeBushyRule MULTI_JOIN_OPTIMIZE_BUSHY =
        MultiJoinOptimizeBushyRule.Config.DEFAULT.toRule();
    /**
     * Subqueries of WHERE, the select list and ON become correlates ({@code CoreRules.*_SUB_QUERY_TO_CORRELATE}; those
     * of WHERE and the select list correlated on their own operator's variables only, see {@link SubQueryToCorrelate}).
     */
    public static final SubQueryRemoveRule FILTER_SUB_QUERY_TO_CORRELATE = SubQueryToCorrelate.FILTER;
    public static final SubQueryRemoveRule PROJECT_SUB_QUERY_TO_CORRELATE = SubQueryToCorrelate.PROJECT;
    public static final SubQueryRemoveRule JOIN_SUB_QUERY_TO_CORRELATE = SubQueryRemoveRule.Config.JOIN.toRule();

    private LogicalRules() {
    }
}
