package org.verso.sql.prepare;

import java.util.List;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.ddl.DdlCommand;
import org.verso.sql.exec.PlanNode;

/**
 * The result of planning one statement: immutable and free of Calcite objects that execution would touch.
 * Exactly one of {@code plan} (QUERY, DML) and {@code ddl} (DDL) is set.
 *
 * @param catalogVersion the catalog version the statement was validated against
 * @param explain        the physical plan as text, for tests and EXPLAIN
 * @param forUpdate      a {@code SELECT ... FOR UPDATE}: the plan locks each row it returns (see
 *                       {@code exec.node.ForUpdateNode})
 */
public record CompiledStatement(StatementKind kind, List<ColumnMeta> parameters, List<ColumnMeta> columns,
                                PlanNode plan, DdlCommand ddl, long catalogVersion, String explain,
                                boolean forUpdate) {
    public CompiledStatement {
        parameters = List.copyOf(parameters);
        columns = List.copyOf(columns);
    }
}
