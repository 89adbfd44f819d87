package org.verso.sql.prepare;

import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexOver;
import org.verso.sql.api.Cancellation;
import org.verso.sql.plan.rule.LogicalRules;

/**
 * Moves the window functions of a select list ({@code RexOver} expressions in a projection) into window operators,
 * one per distinct window, with Calcite's {@code ProjectToWindowRule}, before the cost-based planner runs.
 */
final class Windows {
    private static final HepProgram PROGRAM = HepProgram.builder()
        .addRuleInstance(LogicalRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW)
        .build();

    private Windows() {
    }

    static RelNode split(RelNode logical, Cancellation cancellation) {
        boolean[] found = new boolean[1];
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (node instanceof Project project && RexOver.containsOver(project.getProjects(), null)) {
                    found[0] = true;
                }
                super.visit(node, ordinal, parent);
            }
        }.go(logical);
        return found[0] ? HepPhase.run(PROGRAM, logical, cancellation) : logical;
    }
}
