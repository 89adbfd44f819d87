package org.verso.sql.plan.rel;

import org.apache.calcite.rel.RelNode;

/**
 * A physical relational operator of Verso's convention. The executor's plan builder visits these nodes to make
 * executable operators; nothing of Calcite's runtime is involved.
 */
public interface VersoRel extends RelNode {
    <T> T accept(VersoRelVisitor<T> visitor);
}
