package org.verso.sql.plan;

import org.apache.calcite.plan.Convention;
import org.verso.sql.plan.rel.VersoRel;

/** The one physical calling convention of Verso plans: every node in it implements {@link VersoRel}. */
public final class VersoConvention {
    public static final Convention INSTANCE = new Convention.Impl("VERSO", VersoRel.class);

    private VersoConvention() {
    }
}
