package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalProject;
import org.verso.sql.plan.rel.VersoProject;
import org.verso.sql.plan.VersoConvention;

/** LogicalProject to {@link VersoProject}. */
public final class ProjectConverterRule extends ConverterRule {
    public static final ProjectConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalProject.class, Convention.NONE, VersoConvention.INSTANCE, "ProjectConverterRule")
        .withRuleFactory(ProjectConverterRule::new)
        .toRule(ProjectConverterRule.class);

    private ProjectConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalProject project = (LogicalProject) rel;
        RelTraitSet traits = project.getTraitSet().replace(VersoConvention.INSTANCE);
        return new VersoProject(project.getCluster(), traits, physical(project.getInput()), project.getProjects(),
            project.getRowType());
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
