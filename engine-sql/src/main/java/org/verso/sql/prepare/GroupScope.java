package org.verso.sql.prepare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntPredicate;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * The scope above GROUP BY (or above all the rows, when only aggregate calls group them): a grouped column
 * stands for its group key, an aggregate call for its result, any other column is an error the planner's path
 * reports. It collects the aggregation's input, its group keys then its calls' arguments, as the validator's
 * converter lays it out.
 */
final class GroupScope implements RowBinder.Scope {
    private final RexBuilder rexBuilder;
    private final TableRow row;
    private final IntPredicate leadsAnIndex;
    private final RowBinder rowBinder;
    private final List<Integer> keyColumns = new ArrayList<>();
    private final List<RexNode> inputs = new ArrayList<>();
    private final List<AggregateCall> calls = new ArrayList<>();

    /**
     * @param row          the row of the tables grouped (none for a SELECT without FROM)
     * @param leadsAnIndex whether a column of the row leads one of its table's indexes
     * @param rowBinder    binds the arguments of aggregate calls over the row
     * @param groupBy      the GROUP BY columns, or null
     */
    GroupScope(RexBuilder rexBuilder, TableRow row, IntPredicate leadsAnIndex, RowBinder rowBinder,
               SqlNodeList groupBy) {
        this.rexBuilder = rexBuilder;
        this.row = row;
        this.leadsAnIndex = leadsAnIndex;
        this.rowBinder = rowBinder;
        if (groupBy != null) {
            for (SqlNode item : groupBy) {
                if (!(item instanceof SqlIdentifier identifier)) {
                    throw RowBinder.notDirect();
                }
                int column = row.index(identifier);
                if (!keyColumns.contains(column)) {
                    keyColumns.add(column);
                    inputs.add(row.column(identifier));
                }
            }
        }
    }

    @Override
    public RexNode column(SqlIdentifier identifier) {
        return column(row.index(identifier));
    }

    /** The group key of the row's column {@code column}; not direct if it is not grouped. */
    RexNode column(int column) {
        int key = keyColumns.indexOf(column);
        if (key < 0) {
            throw RowBinder.notDirect(); // neither grouped nor aggregated: the validator's error
        }
        return rexBuilder.makeInputRef(inputs.get(key).getType(), key);
    }

    @Override
    public RexNode aggregate(SqlCall call, SqlAggFunction function) {
        SqlLiteral quantifier = call.getFunctionQuantifier();
        boolean distinct = quantifier != null && quantifier.getValue() == SqlSelectKeyword.DISTINCT;
        List<Integer> arguments = new ArrayList<>();
        List<RelDataType> argumentTypes = new ArrayList<>();
        boolean star = call.operandCount() == 1 && call.operand(0) instanceof SqlIdentifier identifier
            && identifier.isStar();
        if (star && (function != SqlStdOperatorTable.COUNT || distinct)) {
            throw RowBinder.notDirect();
        }
        if (!star) {
            if (call.operandCount() != 1) {
                throw RowBinder.notDirect();
            }
            RexNode argument = rowBinder.bind(call.operand(0), null);
            if (function != SqlStdOperatorTable.COUNT && function != SqlStdOperatorTable.MIN
                && function != SqlStdOperatorTable.MAX && !SqlTypeUtil.isNumeric(argument.getType())) {
                throw RowBinder.notDirect();
            }
            if ((function == SqlStdOperatorTable.MIN || function == SqlStdOperatorTable.MAX)
                && argument instanceof RexInputRef ref && leadsAnIndex.test(ref.getIndex())) {
                throw RowBinder.notDirect(); // an index may answer it: the planner weighs that
            }
            // COUNT of a value that cannot be NULL counts rows, and the planner's plan does not compute the value.
            if (function != SqlStdOperatorTable.COUNT || distinct || argument.getType().isNullable()) {
                arguments.add(inputs.size());
                argumentTypes.add(argument.getType());
                inputs.add(argument);
            }
        }
        int groupCount = keyColumns.size();
        RelDataType type = function.inferReturnType(new Aggregate.AggCallBinding(rexBuilder.getTypeFactory(),
            function, List.of(), argumentTypes, groupCount, false));
        calls.add(AggregateCall.create(function, distinct, false, false, List.of(), arguments, -1, null,
            RelCollations.EMPTY, type, null));
        return rexBuilder.makeInputRef(type, groupCount + calls.size() - 1);
    }

    /** How many group keys lead the aggregation's row (its calls' results follow). */
    int keyCount() {
        return keyColumns.size();
    }

    /** The aggregation's input, over the row: its group keys, then its calls' arguments. */
    List<RexNode> inputs() {
        return inputs;
    }

    /**
     * The aggregation over {@code input} (the rows WHERE keeps): its input project, then the groups; without
     * the project when it has no column (COUNT(*) alone), as the planner's plan has it.
     */
    <N> N aggregate(N input, PlanShapes<N> shapes) {
        if (inputs.isEmpty()) {
            return shapes.aggregate(input, 0, calls);
        }
        RelDataType inputType = rexBuilder.getTypeFactory().createStructType(RexUtil.types(inputs),
            SqlValidatorUtil.uniquify(Collections.nCopies(inputs.size(), "$f"), true));
        return shapes.aggregate(shapes.project(input, inputs, inputType), keyColumns.size(), calls);
    }
}
