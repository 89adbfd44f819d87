package org.verso.sql.prepare;

import org.verso.sql.api.GeneratedKeys;
import java.util.List;
import java.util.function.Supplier;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.ddl.DdlCommand;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.parse.ast.TransactionControl;

/**
 * The result of planning one statement: immutable and free of Calcite objects that execution would touch.
 * Exactly one of {@code plan} (QUERY, DML), {@code ddl} (DDL) and {@code control} (TRANSACTION) is set.
 *
 * @param catalogVersion the catalog version the statement was validated against
 * @param explainer      writes the physical plan as text, for tests and EXPLAIN (a plan the direct path built
 *                       writes it only when asked)
 * @param forUpdate      a {@code SELECT ... FOR UPDATE}: the plan locks each row it returns (see
 *                       {@code exec.node.ForUpdateNode})
 * @param control        for TRANSACTION, what the session does
 * @param direct         planned on the direct path ({@link DirectPlanner}), not by the cost-based planner
 * @param returning      for a change ... RETURNING, the columns of the changed rows the statement returns; else null
 */
public record CompiledStatement(StatementKind kind, List<ColumnMeta> parameters, List<ColumnMeta> columns,
                                PlanNode plan, DdlCommand ddl, long catalogVersion, Supplier<String> explainer,
                                boolean forUpdate, TransactionControl control, boolean direct,
                                GeneratedKeys returning) {
    public CompiledStatement {
        parameters = List.copyOf(parameters);
        columns = List.copyOf(columns);
    }

    /** This change, returning the {@code returning} columns of the rows it stores or removes. */
    CompiledStatement returning(GeneratedKeys columns) {
        return new CompiledStatement(kind, parameters, this.columns, plan, ddl, catalogVersion, explainer, forUpdate,
            control, direct, columns);
    }

    /** The physical plan as text. */
    public String explain() {
        return explainer.get();
    }

    /** A query or change with its plan. */
    static CompiledStatement planned(StatementKind kind, List<ColumnMeta> parameters, List<ColumnMeta> columns,
                                     PlanNode plan, long catalogVersion, String explain, boolean forUpdate,
                                     boolean direct) {
        return new CompiledStatement(kind, parameters, columns, plan, null, catalogVersion, () -> explain, forUpdate,
            null, direct, null);
    }

    /** A DDL statement. */
    static CompiledStatement ddl(DdlCommand ddl, long catalogVersion, String explain) {
        return new CompiledStatement(StatementKind.DDL, List.of(), List.of(), null, ddl, catalogVersion,
            () -> explain, false, null, false, null);
    }

    /** A transaction-control statement; it depends on no catalog version. */
    static CompiledStatement transaction(TransactionControl control, long catalogVersion) {
        return new CompiledStatement(StatementKind.TRANSACTION, List.of(), List.of(), null, null, catalogVersion,
            control::sql, false, control, false, null);
    }
}
