package org.verso.sql.exec;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.verso.core.Database;
import org.verso.core.table.ReadableTable;
import org.verso.core.table.Table;
import org.verso.core.tx.Transaction;
import org.verso.sql.api.Cancellation;
import org.verso.sql.exec.analyze.PlanProfile;

/**
 * What one execution of a plan runs against: the database, the session's transaction, the bound parameter values
 * (already converted to the parameters' types) and the statement's cancel flag. Created per execution; plans
 * themselves hold no state.
 *
 * <p>Operators call {@link #checkCancelled} for every row they produce or consume, including the rows of the loops
 * that fill a sort, an aggregate or a hash table and the writes of the change operators; it is one volatile read.
 */
public final class ExecContext {
    private final Database database;
    private final Transaction transaction;
    private final Object[] params;
    private final Cancellation cancellation;
    private LocalDateTime statementTime;
    // Set in a context that re-evaluates a statement for one row (see recheck): the table, the row and its values.
    private String recheckTable;
    private long recheckRowId;
    private Object[] recheckRow;
    private GeneratedKeyCollector generatedKeys;
    private PlanProfile profile;
    private List<Consumer<Database>> commitActions;
    // The current outer row of each correlation (a correlated subquery's reference to its enclosing row), by id;
    // shared with the contexts made from this one, since a recheck runs the same plan. Made when first needed.
    private Map<Integer, Object[]> correlations;
    /** The working tables of WITH RECURSIVE queries, by name: the rows their last step produced. */
    private Map<String, List<Object[]>> workingTables;

    public ExecContext(Database database, Transaction transaction, Object[] params, Cancellation cancellation) {
        this.database = database;
        this.transaction = transaction;
        this.params = params;
        this.cancellation = cancellation;
    }

    public Transaction transaction() {
        return transaction;
    }

    public Object param(int index) {
        return params[index];
    }

    public Cancellation cancellation() {
        return cancellation;
    }

    /** Fails with 57014 once the statement has been cancelled or its timeout has passed. */
    public void checkCancelled() {
        cancellation.check();
    }

    /** The wall-clock time of this execution: CURRENT_TIMESTAMP is the same for every row of a statement. */
    public LocalDateTime statementTime() {
        if (statementTime == null) {
            statementTime = LocalDateTime.now();
        }
        return statementTime;
    }

    /**
     * The table by its catalog name, resolved per execution so a plan never holds a storage handle. Sessions check
     * a plan's catalog version before running it, so the table is the one the plan was made for.
     */
    public Table table(String name) {
        return database.table(name);
    }

    /** Makes {@code row} the current outer row of correlation {@code id}, for the inner side opened next. */
    public void bindCorrelation(int id, Object[] row) {
        correlations().put(id, row);
    }

    private Map<Integer, Object[]> correlations() {
        if (correlations == null) {
            correlations = new HashMap<>();
        }
        return correlations;
    }

    private Map<String, List<Object[]>> workingTables() {
        if (workingTables == null) {
            workingTables = new HashMap<>();
        }
        return workingTables;
    }

    /** The current outer row of correlation {@code id}, bound by the correlate operator that encloses the reader. */
    public Object[] correlation(int id) {
        return correlations == null ? null : correlations.get(id);
    }

    /** The next value of sequence {@code key} (a catalog key); values are not given back on rollback. */
    public long nextValue(String key) {
        return database.nextValue(key);
    }

    /**
     * A context that runs a statement's plan again for one row of {@code table}: every scan or key lookup of that
     * table yields just {@code row} (its newest committed values) as row {@code rowId}, if it qualifies. READ
     * COMMITTED uses it when a concurrent transaction changed a row the statement meant to change: the statement's
     * condition and new values are evaluated again on the newest version (PostgreSQL's EvalPlanQual). Parameters,
     * the cancel flag and the statement time are the statement's.
     */
    public ExecContext recheck(String table, long rowId, Object[] row) {
        ExecContext c = derived(params);
        c.recheckTable = table;
        c.recheckRowId = rowId;
        c.recheckRow = row;
        return c;
    }

    /**
     * A context for a part of the statement run once per row of another part, with {@code values} as the parameters
     * after the statement's own (MERGE runs its match and its insert once per source row, the row's values bound
     * to the parameters those parts were planned with). Everything else is this context's.
     */
    public ExecContext withTrailingParams(Object[] values) {
        Object[] all = Arrays.copyOf(params, params.length + values.length);
        System.arraycopy(values, 0, all, params.length, values.length);
        ExecContext c = derived(all);
        c.generatedKeys = generatedKeys;
        return c;
    }

    /** A context of this execution with {@code parameters}: its statement time, correlations and working tables. */
    private ExecContext derived(Object[] parameters) {
        ExecContext c = new ExecContext(database, transaction, parameters, cancellation);
        c.statementTime = statementTime();
        c.correlations = correlations();
        c.workingTables = workingTables();
        c.profile = profile;
        return c;
    }

    /** Makes {@code rows} the contents of a recursive query's working table for the step about to run. */
    public void setWorkingTable(String name, List<Object[]> rows) {
        workingTables().put(name, rows);
    }

    /** The rows of a recursive query's working table: what its previous step produced. */
    public List<Object[]> workingTable(String name) {
        return workingTables == null ? List.of() : workingTables.getOrDefault(name, List.of());
    }

    /** During a {@link #recheck} of {@code table}, the row being rechecked; otherwise null (read the table). */
    public Object[] recheckRow(String table) {
        return table.equals(recheckTable) ? recheckRow : null;
    }

    /** The row id of {@link #recheckRow}. */
    public long recheckRowId() {
        return recheckRowId;
    }

    /** Asks the statement's INSERT to hand its rows' generated keys to {@code collector}. */
    public void collectGeneratedKeys(GeneratedKeyCollector collector) {
        this.generatedKeys = collector;
    }

    /** Where an INSERT hands its rows' generated keys; null when the caller did not ask for them. */
    public GeneratedKeyCollector generatedKeys() {
        return generatedKeys;
    }

    /**
     * Asks for {@code action} to run once the statement's transaction commits, and never if it rolls back (to a
     * savepoint before the statement too): what a statement changes outside the transaction's writes, such as the
     * identity sequences TRUNCATE ... RESTART IDENTITY restarts.
     */
    public void atCommit(Consumer<Database> action) {
        if (commitActions == null) {
            commitActions = new ArrayList<>();
        }
        commitActions.add(action);
    }

    /** What {@link #atCommit} asked for during this execution, in order. */
    public List<Consumer<Database>> commitActions() {
        return commitActions == null ? List.of() : commitActions;
    }

    /** Makes EXPLAIN ANALYZE's operators count into {@code profile}. */
    public void profile(PlanProfile profile) {
        this.profile = profile;
    }

    /** Where the operators of an EXPLAIN ANALYZE plan count what they do; null for other plans. */
    public PlanProfile profile() {
        return profile;
    }

    /** A table or system view to scan. */
    public ReadableTable readable(String name) {
        return database.readable(name);
    }
}
