package org.verso.sql.prepare;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlCollation;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlCastFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.util.Litmus;
import org.apache.calcite.util.NlsString;

/**
 * Binds the expressions of a statement over the row of its tables ({@link TableRow}) straight to row expressions,
 * the way Calcite's validator and SQL-to-rel converter would bind them, for the forms whose meaning needs neither:
 * columns, numeric, string and boolean literals, NULL and dynamic parameters where the context gives their type (the
 * other operand, the column assigned, BOOLEAN under AND, OR and NOT), arithmetic and comparisons within one type
 * family, AND, OR, NOT, IS [NOT] NULL, [NOT] BETWEEN, [NOT] IN lists, CAST between numbers and strings, and the
 * aggregate functions where the {@link Scope} groups rows. Anything else (another function, a subquery, an implicit
 * conversion between families, a name it cannot resolve) ends the binding with {@link NotDirect}, and the statement
 * takes Calcite's path, which also reports every error.
 */
final class RowBinder {
    /** The statement is not one this binder covers. Carries no stack trace: it is control flow, not an error. */
    static final class NotDirect extends RuntimeException {
        static final NotDirect INSTANCE = new NotDirect();

        private NotDirect() {
            super("not a direct statement", null, false, false);
        }
    }

    /** What names and aggregate calls mean where an expression is bound. */
    interface Scope {
        /** The value a column name stands for. */
        RexNode column(SqlIdentifier identifier);

        /** The value an aggregate call stands for; {@link NotDirect} where nothing is grouped. */
        RexNode aggregate(SqlCall call, SqlAggFunction function);
    }

    /** How deeply expressions may nest here; deeper ones take the planner's path. */
    private static final int MAX_DEPTH = 200;

    /** The aggregate functions the binder covers, by name. */
    private static final Map<String, SqlAggFunction> AGGREGATES = Map.of("COUNT", SqlStdOperatorTable.COUNT,
        "SUM", SqlStdOperatorTable.SUM, "MIN", SqlStdOperatorTable.MIN, "MAX", SqlStdOperatorTable.MAX,
        "AVG", SqlStdOperatorTable.AVG);

    /** Finds a NULL literal anywhere in an expression: {@link NotDirect}. */
    private static final RexVisitorImpl<Void> NO_NULL_LITERAL = new RexVisitorImpl<>(true) {
        @Override
        public Void visitLiteral(RexLiteral literal) {
            if (literal.isNull()) {
                throw notDirect();
            }
            return null;
        }
    };

    private final RexBuilder rexBuilder;
    private final Scope scope;
    private int depth;
    private final List<RelDataType> parameterTypes;

    RowBinder(RexBuilder rexBuilder, Scope scope) {
        this(rexBuilder, scope, new ArrayList<>());
    }

    private RowBinder(RexBuilder rexBuilder, Scope scope, List<RelDataType> parameterTypes) {
        this.rexBuilder = rexBuilder;
        this.scope = scope;
        this.parameterTypes = parameterTypes;
    }

    /** A binder in another scope of the same statement: its parameters are this binder's. */
    RowBinder in(Scope other) {
        return new RowBinder(rexBuilder, other, parameterTypes);
    }

    static NotDirect notDirect() {
        return NotDirect.INSTANCE;
    }

    /** The type of each dynamic parameter, by index; throws {@link NotDirect} if one was never typed. */
    List<RelDataType> parameterTypes(int count) {
        if (parameterTypes.size() != count || parameterTypes.contains(null)) {
            throw notDirect();
        }
        return parameterTypes;
    }

    /**
     * A join's condition; one that holds a NULL literal takes the planner's path, which may simplify it as it pushes
     * it down, and so evaluate more or less of it than the direct plan would: the two could then fail differently.
     */
    RexNode condition(SqlNode node) {
        RexNode condition = booleanCondition(node);
        condition.accept(NO_NULL_LITERAL);
        return condition;
    }

    /**
     * A HAVING clause over the aggregation's row, whose first {@code groupKeys} columns are the group keys. The
     * planner's path keeps it as written above the aggregation, unless part of it reads group keys alone, which it
     * may push below the aggregation and simplify there; so one that holds a NULL literal (often a constant,
     * {@code HAVING NULL IS NULL}) is the direct path's only if it reads no group key outside an aggregate.
     */
    RexNode having(SqlNode node, int groupKeys) {
        RexNode condition = booleanCondition(node);
        if (RelOptUtil.InputFinder.bits(condition).asList().stream().anyMatch(column -> column < groupKeys)) {
            condition.accept(NO_NULL_LITERAL);
        }
        return condition;
    }

    /**
     * A WHERE clause over one table, simplified exactly as the SQL-to-rel converter simplifies it, which is all the
     * planner's path does to it: each conjunct that compares with a NULL literal becomes
     * FALSE, and a conjunction holding FALSE is FALSE. Neither plan then evaluates the rest of it (which could fail,
     * {@code a < NULL AND b / 0 = 1}); a NULL literal anywhere else both plans evaluate alike. Null if the clause is
     * always TRUE, which the converter filters nothing by.
     */
    RexNode filter(SqlNode node) {
        RexNode condition = RexUtil.removeNullabilityCast(rexBuilder.getTypeFactory(), booleanCondition(node));
        List<RexNode> conjuncts = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            conjuncts.add(RexSimplify.simplifyComparisonWithNull(conjunct, rexBuilder));
        }
        RexNode simplified = RexUtil.composeConjunction(rexBuilder, conjuncts);
        if (simplified instanceof RexLiteral literal && literal.isNull()) {
            throw notDirect(); // the converter would test a NULL literal for being always FALSE
        }
        return simplified.isAlwaysTrue() ? null : simplified;
    }

    /**
     * A WHERE clause over a join, simplified as {@link #filter} simplifies one over a table (the converter does so
     * whatever the FROM clause), as its conjuncts. A NULL literal left in a conjunct takes the planner's path, which
     * may simplify the conjunct further as it pushes it down; except in one that reads no column and cannot fail
     * ({@code NOT NULL IS NOT NULL}): that has one value, TRUE, and is dropped, as the planner's push-down drops it,
     * or FALSE or NULL, and then the clause is the single conjunct FALSE: no row qualifies, and the planner's plan
     * reads none. One whose value the simplifier cannot tell is the planner's.
     */
    List<RexNode> joinFilter(SqlNode node) {
        RexNode simplified = filter(node);
        if (simplified == null) {
            return List.of();
        }
        List<RexNode> conjuncts = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(simplified)) {
            if (RexUtil.containsInputRef(conjunct) || !InnerJoins.infallible(conjunct)) {
                conjunct.accept(NO_NULL_LITERAL);
                conjuncts.add(conjunct);
            } else {
                RexNode value = Clusters.simplifier(rexBuilder).simplifyUnknownAsFalse(conjunct);
                if (value.isAlwaysFalse()) {
                    return List.of(rexBuilder.makeLiteral(false));
                }
                if (!value.isAlwaysTrue()) {
                    throw notDirect(); // a value the simplifier cannot reduce (a cast, a CASE): the planner's
                }
            }
        }
        return conjuncts;
    }

    private RexNode booleanCondition(SqlNode node) {
        if (untyped(node)) {
            throw notDirect();
        }
        RexNode condition = bind(node, booleanType());
        if (condition.getType().getSqlTypeName() != SqlTypeName.BOOLEAN) {
            throw notDirect();
        }
        return condition;
    }

    /**
     * A value an INSERT or UPDATE assigns to a column of type {@code target}. A NULL or a parameter takes the
     * column's type (a NULL for a NOT NULL column is the validator's error to report); any other value must be of
     * the column's family, and is cast to the column's type where the validator's assignment coercion casts it, so
     * that a literal the column cannot hold fails when the plan is built, whether or not a row is written.
     */
    RexNode assigned(SqlNode node, RelDataType target) {
        if (SqlUtil.isNullLiteral(node, false)) {
            if (!target.isNullable()) {
                throw notDirect();
            }
            return rexBuilder.makeNullLiteral(target);
        }
        RexNode value = bind(node, target);
        RelDataType type = value.getType();
        if (!sameFamily(type, target)) {
            throw notDirect();
        }
        if (node instanceof SqlDynamicParam
            || SqlTypeUtil.isCharacter(type) && SqlTypeUtil.isCharacter(target)
            && target.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED
            || SqlTypeUtil.equalSansNullability(rexBuilder.getTypeFactory(), type, target)) {
            return value;
        }
        return rexBuilder.makeCast(rexBuilder.getTypeFactory().createTypeWithNullability(target, type.isNullable()),
            value);
    }

    /**
     * Binds an expression. {@code expected} is the type a dynamic parameter takes at this place, or null where
     * only the other operand can give it.
     */
    RexNode bind(SqlNode node, RelDataType expected) {
        if (++depth > MAX_DEPTH) {
            throw notDirect(); // the planner's path reports an expression nested deeper than its stack
        }
        try {
            return bindNode(node, expected);
        } finally {
            depth--;
        }
    }

    private RexNode bindNode(SqlNode node, RelDataType expected) {
        if (node instanceof SqlIdentifier identifier) {
            return scope.column(identifier);
        }
        if (SqlUtil.isNullLiteral(node, false)) {
            // The validator gives NULL the type a parameter would have at its place.
            if (expected == null) {
                throw notDirect();
            }
            return rexBuilder.makeNullLiteral(expected);
        }
        if (node instanceof SqlDynamicParam parameter) {
            if (expected == null) {
                throw notDirect();
            }
            int index = parameter.getIndex();
            while (parameterTypes.size() <= index) {
                parameterTypes.add(null);
            }
            if (parameterTypes.get(index) != null) {
                throw notDirect();
            }
            // Nullable, as the validator makes every type it infers for a parameter: any value may be bound.
            RelDataType type = rexBuilder.getTypeFactory().createTypeWithNullability(expected, true);
            parameterTypes.set(index, type);
            return rexBuilder.makeDynamicParam(type, index);
        }
        if (node instanceof SqlLiteral literal) {
            return literal(literal);
        }
        if (node instanceof SqlCase caseNode && caseNode.getValueOperand() == null) {
            return caseWhen(caseNode.getWhenOperands().getList(), caseNode.getThenOperands().getList(),
                caseNode.getElseOperand());
        }
        if (!(node instanceof SqlBasicCall call)) {
            throw notDirect();
        }
        SqlAggFunction aggregate = aggregateFunction(call);
        if (aggregate != null) {
            return scope.aggregate(call, aggregate);
        }
        if (call.getOperator() instanceof SqlUnresolvedFunction function) {
            return switch (function.getName().toUpperCase(Locale.ROOT)) {
                case "NULLIF" -> nullIf(call);
                case "COALESCE" -> coalesce(call);
                default -> throw notDirect();
            };
        }
        return switch (call.getKind()) {
            case PLUS, MINUS, TIMES, DIVIDE, MOD -> arithmetic(call);
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL ->
                comparison(call);
            case AND, OR -> logical(call);
            case NOT -> rexBuilder.makeCall(SqlStdOperatorTable.NOT, booleanOperand(call.operand(0)));
            // IS [NOT] NULL types an untyped operand as VARCHAR(1024), as the validator's inference does.
            case IS_NULL, IS_NOT_NULL -> rexBuilder.makeCall(call.getKind() == SqlKind.IS_NULL
                ? SqlStdOperatorTable.IS_NULL : SqlStdOperatorTable.IS_NOT_NULL, bind(call.operand(0),
                rexBuilder.getTypeFactory().createSqlType(SqlTypeName.VARCHAR, 1024)));
            case PLUS_PREFIX -> numeric(bind(call.operand(0), null)); // "+ x" is x, as Calcite converts it
            case MINUS_PREFIX -> rexBuilder.makeCall(SqlStdOperatorTable.UNARY_MINUS,
                numeric(bind(call.operand(0), null)));
            case BETWEEN -> between(call);
            case CAST -> cast(call);
            case IN, NOT_IN -> inList(call);
            default -> throw notDirect();
        };
    }

    /**
     * The aggregate function a call is, by its name as the validator resolves it (COUNT, SUM, MIN, MAX, AVG); null
     * for a call that is no aggregate; {@link NotDirect} for another aggregate.
     */
    private static SqlAggFunction aggregateFunction(SqlBasicCall call) {
        if (!isAggregate(call)) {
            return null;
        }
        SqlAggFunction function = AGGREGATES.get(call.getOperator().getName().toUpperCase(Locale.ROOT));
        if (function == null) {
            throw notDirect();
        }
        return function;
    }

    /** Whether the validator would resolve this call to an aggregate function. */
    private static boolean isAggregate(SqlCall call) {
        SqlOperator operator = call.getOperator();
        return operator.isAggregator() || operator instanceof SqlUnresolvedFunction
            && AGGREGATES.containsKey(operator.getName().toUpperCase(Locale.ROOT));
    }

    /** Whether an aggregate call is anywhere in {@code node} (a select list: the query then groups its rows). */
    static boolean containsAggregate(SqlNode node) {
        return node.accept(AGGREGATE_FINDER) != null;
    }

    private static final SqlBasicVisitor<Boolean> AGGREGATE_FINDER = new SqlBasicVisitor<>() {
        @Override
        public Boolean visit(SqlCall call) {
            if (isAggregate(call)) {
                return Boolean.TRUE;
            }
            for (SqlNode operand : call.getOperandList()) {
                if (operand != null && operand.accept(this) != null) {
                    return Boolean.TRUE;
                }
            }
            return null;
        }

        @Override
        public Boolean visit(SqlNodeList list) {
            for (SqlNode node : list) {
                if (node != null && node.accept(this) != null) {
                    return Boolean.TRUE;
                }
            }
            return null;
        }
    };

    /** An operand whose type its own expression gives (no parameter or NULL literal alone). */
    private RexNode operand(SqlNode node) {
        return bind(node, null);
    }

    /** {@link NotDirect} if {@code operand} holds a parameter without being one (see {@link #pair}). */
    private static void inferable(SqlNode operand) {
        if (!(operand instanceof SqlDynamicParam) && operand instanceof SqlCall call) {
            call.accept(PARAMETER_FINDER);
        }
    }

    /** Finds a parameter anywhere in an expression: {@link NotDirect}. */
    private static final SqlBasicVisitor<Void> PARAMETER_FINDER = new SqlBasicVisitor<>() {
        @Override
        public Void visit(SqlDynamicParam param) {
            throw notDirect();
        }
    };

    /** A parameter or NULL: its type comes from its place. */
    private static boolean untyped(SqlNode node) {
        return node instanceof SqlDynamicParam || SqlUtil.isNullLiteral(node, false);
    }

    private RelDataType booleanType() {
        return rexBuilder.getTypeFactory().createSqlType(SqlTypeName.BOOLEAN);
    }

    private RexNode booleanOperand(SqlNode node) {
        RexNode operand = bind(node, booleanType());
        if (operand.getType().getSqlTypeName() != SqlTypeName.BOOLEAN) {
            throw notDirect();
        }
        return operand;
    }

    private RexNode logical(SqlBasicCall call) {
        List<RexNode> operands = new ArrayList<>();
        for (SqlNode operand : call.getOperandList()) {
            operands.add(booleanOperand(operand));
        }
        SqlOperator operator = call.getKind() == SqlKind.AND ? SqlStdOperatorTable.AND : SqlStdOperatorTable.OR;
        return rexBuilder.makeCall(operator, RexUtil.flatten(operands, operator));
    }

    /**
     * Binds two operands; a parameter or NULL among them takes the other's type. The validator infers a
     * parameter's type from the types of the other operands, derived before the parameters inside them are typed:
     * an operand that holds a parameter without being one ({@code (? + 1) * 2}) is its error, for the planner's path
     * to report.
     */
    private RexNode[] pair(SqlNode left, SqlNode right) {
        inferable(left);
        inferable(right);
        if (untyped(left)) {
            RexNode r = operand(right);
            return new RexNode[] {bind(left, r.getType()), r};
        }
        RexNode l = operand(left);
        return new RexNode[] {l, bind(right, untyped(right) ? l.getType() : null)};
    }

    private RexNode arithmetic(SqlBasicCall call) {
        RexNode[] operands = pair(call.operand(0), call.operand(1));
        numeric(operands[0]);
        numeric(operands[1]);
        boolean nullOperand = SqlUtil.isNullLiteral(call.operand(0), false)
            || SqlUtil.isNullLiteral(call.operand(1), false);
        SqlOperator operator = switch (call.getKind()) {
            case PLUS -> SqlStdOperatorTable.PLUS;
            case MINUS -> SqlStdOperatorTable.MINUS;
            case TIMES -> SqlStdOperatorTable.MULTIPLY;
            case DIVIDE -> SqlStdOperatorTable.DIVIDE;
            default -> SqlStdOperatorTable.MOD;
        };
        // MOD infers no type for a parameter (the validator's error), and takes its type from its second operand,
        // which for a NULL literal is the planner's NULL type.
        if (operator == SqlStdOperatorTable.MOD && (!SqlTypeUtil.isExactNumeric(operands[0].getType())
            || !SqlTypeUtil.isExactNumeric(operands[1].getType()) || untyped(call.operand(0))
            || untyped(call.operand(1)))) {
            throw notDirect();
        }
        if (nullOperand && (SqlTypeUtil.isDecimal(operands[0].getType())
            || SqlTypeUtil.isDecimal(operands[1].getType()))) {
            // The validator types such a NULL by its context, and a DECIMAL result's precision and scale with it.
            throw notDirect();
        }
        return rexBuilder.makeCall(operator, operands[0], operands[1]);
    }

    private RexNode comparison(SqlBasicCall call) {
        if (SqlUtil.isNullLiteral(call.operand(0), false) && SqlUtil.isNullLiteral(call.operand(1), false)) {
            // Two NULLs: the validator leaves both of the NULL type.
            RexNode nothing = rexBuilder.makeNullLiteral(rexBuilder.getTypeFactory().createSqlType(SqlTypeName.NULL));
            return rexBuilder.makeCall(comparisonOperator(call.getKind()), nothing, nothing);
        }
        RexNode[] operands = pair(call.operand(0), call.operand(1));
        RelDataType left = operands[0].getType();
        RelDataType right = operands[1].getType();
        if (SqlTypeUtil.isNumeric(left) && SqlTypeUtil.isNumeric(right)) {
            operands = approximateTogether(operands);
        } else if (!sameFamily(left, right)) {
            throw notDirect();
        }
        return rexBuilder.makeCall(comparisonOperator(call.getKind()), operands[0], operands[1]);
    }

    /**
     * Numbers compared, as the validator coerces them: where some are approximate, all of one approximate type, the
     * exact ones are cast to that type ({@code CAST(i AS REAL) < r}); other numbers compare as they are. Approximate
     * numbers of two types the binder leaves to the validator.
     */
    private RexNode[] approximateTogether(RexNode... numbers) {
        RelDataType approximate = null;
        for (RexNode number : numbers) {
            if (SqlTypeUtil.isApproximateNumeric(number.getType())) {
                if (approximate != null && approximate.getSqlTypeName() != number.getType().getSqlTypeName()) {
                    throw notDirect();
                }
                approximate = number.getType();
            }
        }
        if (approximate == null) {
            return numbers;
        }
        RexNode[] together = new RexNode[numbers.length];
        for (int i = 0; i < numbers.length; i++) {
            RelDataType type = numbers[i].getType();
            RelDataType target = rexBuilder.getTypeFactory().createTypeWithNullability(approximate, type.isNullable());
            together[i] = SqlTypeUtil.isApproximateNumeric(type) ? numbers[i]
                : rexBuilder.makeAbstractCast(target, numbers[i], false);
        }
        return together;
    }

    /**
     * Whether two operands compare as they are, as they do on the planner's path: values of one type, or exact
     * numbers of any two types, which the evaluator compares by value ({@link org.verso.sql.type.VersoTypeCoercion}).
     * Other pairs the validator coerces to one type first.
     */
    private boolean uncast(RelDataType a, RelDataType b) {
        return SqlTypeUtil.equalSansNullability(rexBuilder.getTypeFactory(), a, b)
            || SqlTypeUtil.isExactNumeric(a) && SqlTypeUtil.isExactNumeric(b);
    }

    private static SqlOperator comparisonOperator(SqlKind kind) {
        return switch (kind) {
            case EQUALS -> SqlStdOperatorTable.EQUALS;
            case NOT_EQUALS -> SqlStdOperatorTable.NOT_EQUALS;
            case LESS_THAN -> SqlStdOperatorTable.LESS_THAN;
            case LESS_THAN_OR_EQUAL -> SqlStdOperatorTable.LESS_THAN_OR_EQUAL;
            case GREATER_THAN -> SqlStdOperatorTable.GREATER_THAN;
            default -> SqlStdOperatorTable.GREATER_THAN_OR_EQUAL;
        };
    }

    /**
     * {@code CASE WHEN c THEN v ... [ELSE e] END} (a simple CASE the parser has already turned into this form),
     * whose values that are not NULL literals have a least restrictive type, as the converter finds it: each value
     * is cast to it where its type differs (INTEGER to BIGINT, INTEGER to DECIMAL(11, 1)), and a NULL value and a
     * missing ELSE are NULLs of it. Values with no such type (a number and a string) the validator coerces first.
     */
    /** Whether {@code tested} (of an IS NOT NULL) is the value {@code result}, bound as {@code boundResult}. */
    private boolean notNullTested(SqlNode tested, SqlNode result, RexNode boundResult) {
        if (tested.equalsDeep(result, Litmus.IGNORE)) {
            return true;
        }
        return tested instanceof SqlIdentifier && result instanceof SqlIdentifier
            && operand(tested).equals(boundResult);
    }

    private RexNode caseWhen(List<SqlNode> conditions, List<SqlNode> values, SqlNode otherwise) {
        List<SqlNode> results = new ArrayList<>(values);
        results.add(otherwise);
        RexNode[] bound = new RexNode[results.size()];
        RelDataTypeFactory types = rexBuilder.getTypeFactory();
        List<RelDataType> valueTypes = new ArrayList<>();
        boolean anyNull = false;
        for (int i = 0; i < bound.length; i++) {
            SqlNode result = results.get(i);
            if (result == null || SqlUtil.isNullLiteral(result, false)) {
                anyNull = true;
                continue;
            }
            // The validator derives each value's type before it types the parameters in it: its error.
            if (result instanceof SqlDynamicParam) {
                throw notDirect();
            }
            inferable(result);
            bound[i] = operand(result);
            RelDataType valueType = bound[i].getType();
            // As the validator types CASE: THEN x under WHEN x IS NOT NULL is never NULL (COALESCE is made so).
            // The validator compares the two after qualifying their names (b and t.b are one column), so the
            // bound expressions are compared here.
            if (i < conditions.size() && conditions.get(i).getKind() == SqlKind.IS_NOT_NULL
                && notNullTested(((SqlCall) conditions.get(i)).operand(0), result, bound[i])) {
                valueType = types.createTypeWithNullability(valueType, false);
            }
            valueTypes.add(valueType);
        }
        RelDataType type = valueTypes.isEmpty() ? null : types.leastRestrictive(valueTypes);
        if (type == null) {
            throw notDirect(); // every value NULL, or values of no common type: the validator's to decide
        }
        type = types.createTypeWithNullability(type, type.isNullable() || anyNull);
        for (int i = 0; i < bound.length; i++) {
            if (bound[i] != null) {
                bound[i] = rexBuilder.ensureType(type, bound[i], false);
            }
        }
        List<RexNode> operands = new ArrayList<>();
        for (int i = 0; i < conditions.size(); i++) {
            operands.add(booleanOperand(conditions.get(i)));
            operands.add(bound[i] != null ? bound[i] : rexBuilder.makeNullLiteral(type));
        }
        operands.add(bound[bound.length - 1] != null ? bound[bound.length - 1] : rexBuilder.makeNullLiteral(type));
        return rexBuilder.makeCall(type, SqlStdOperatorTable.CASE, operands);
    }

    /** {@code NULLIF(a, b)} as the validator rewrites it: {@code CASE WHEN a = b THEN NULL ELSE a END}. */
    private RexNode nullIf(SqlBasicCall call) {
        if (call.operandCount() != 2 || call.getFunctionQuantifier() != null) {
            throw notDirect();
        }
        SqlParserPos pos = call.getParserPosition();
        SqlNode value = call.operand(0);
        return caseWhen(List.of(SqlStdOperatorTable.EQUALS.createCall(pos, value, call.operand(1))),
            List.of(SqlLiteral.createNull(pos)), value);
    }

    /**
     * {@code COALESCE(a, b, ..., z)} as the validator rewrites it: {@code CASE WHEN a IS NOT NULL THEN a WHEN b IS
     * NOT NULL THEN b ... ELSE z END}.
     */
    private RexNode coalesce(SqlBasicCall call) {
        if (call.operandCount() < 2 || call.getFunctionQuantifier() != null) {
            throw notDirect();
        }
        List<SqlNode> operands = call.getOperandList();
        List<SqlNode> conditions = new ArrayList<>();
        for (SqlNode operand : operands.subList(0, operands.size() - 1)) {
            conditions.add(SqlStdOperatorTable.IS_NOT_NULL.createCall(call.getParserPosition(), operand));
        }
        return caseWhen(conditions, operands.subList(0, operands.size() - 1), operands.get(operands.size() - 1));
    }

    /**
     * {@code x [NOT] BETWEEN [ASYMMETRIC] y AND z} as Calcite converts it: {@code x >= y AND x <= z}, under NOT
     * when negated; all three of one type or all exact numbers, so that no operand needs a cast.
     */
    private RexNode between(SqlBasicCall call) {
        SqlBetweenOperator operator = (SqlBetweenOperator) call.getOperator();
        if (operator.flag != SqlBetweenOperator.Flag.ASYMMETRIC) {
            throw notDirect();
        }
        call.getOperandList().forEach(RowBinder::inferable);
        SqlNode xNode = call.operand(SqlBetweenOperator.VALUE_OPERAND);
        SqlNode lowNode = call.operand(SqlBetweenOperator.LOWER_OPERAND);
        SqlNode highNode = call.operand(SqlBetweenOperator.UPPER_OPERAND);
        if (SqlUtil.isNullLiteral(xNode, false) && SqlUtil.isNullLiteral(lowNode, false)
            && SqlUtil.isNullLiteral(highNode, false)) {
            // Three NULLs: the validator leaves them of the NULL type, as two NULLs compared.
            RexNode nothing = rexBuilder.makeNullLiteral(rexBuilder.getTypeFactory().createSqlType(SqlTypeName.NULL));
            return between(operator, nothing, nothing, nothing);
        }
        RexNode x;
        if (SqlUtil.isNullLiteral(xNode, false)) {
            // A NULL tested takes the type of the first bound that has one, as the validator infers it; with a
            // parameter among the bounds, the validator types that parameter otherwise.
            if (lowNode instanceof SqlDynamicParam || highNode instanceof SqlDynamicParam) {
                throw notDirect();
            }
            SqlNode typed = !untyped(lowNode) ? lowNode : highNode;
            x = bind(xNode, operand(typed).getType());
        } else {
            x = operand(xNode);
        }
        RexNode low = bind(lowNode, untyped(lowNode) ? x.getType() : null);
        RexNode high = bind(highNode, untyped(highNode) ? x.getType() : null);
        if (SqlTypeUtil.isNumeric(x.getType()) && SqlTypeUtil.isNumeric(low.getType())
            && SqlTypeUtil.isNumeric(high.getType())) {
            RexNode[] together = approximateTogether(x, low, high);
            if (together[0] != x || together[1] != low || together[2] != high) {
                if (untyped(xNode) || untyped(lowNode) || untyped(highNode)) {
                    throw notDirect(); // the validator types a parameter or NULL by all three operands' common type
                }
            }
            x = together[0];
            low = together[1];
            high = together[2];
        }
        if (!uncast(x.getType(), low.getType()) || !uncast(x.getType(), high.getType())) {
            throw notDirect();
        }
        return between(operator, x, low, high);
    }

    /** {@code x >= low AND x <= high}, under NOT when negated, as the converter expands BETWEEN. */
    private RexNode between(SqlBetweenOperator operator, RexNode x, RexNode low, RexNode high) {
        RexNode both = rexBuilder.makeCall(SqlStdOperatorTable.AND,
            rexBuilder.makeCall(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, x, low),
            rexBuilder.makeCall(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, x, high));
        return operator.isNegated() ? rexBuilder.makeCall(SqlStdOperatorTable.NOT, both) : both;
    }

    /**
     * {@code x [NOT] IN (a, b, ...)} as the converter writes it, {@code x = a OR x = b ...} (under NOT when negated),
     * where every item has x's type or, with x, is an exact number, so that no operand needs a cast; a parameter or
     * NULL item takes x's type.
     */
    private RexNode inList(SqlBasicCall call) {
        if (!(call.operand(1) instanceof SqlNodeList items) || items.isEmpty()) {
            throw notDirect(); // a subquery, or SQLite's empty list
        }
        inferable(call.operand(0));
        items.forEach(RowBinder::inferable);
        RexNode value;
        if (SqlUtil.isNullLiteral(call.operand(0), false)) {
            // A NULL tested takes the type of the first item that has one, as the validator infers it; every other
            // item must have that type too, so that none needs a cast.
            SqlNode typed = items.stream().filter(item -> !untyped(item)).findFirst().orElseThrow(RowBinder::notDirect);
            if (items.stream().anyMatch(item -> item instanceof SqlDynamicParam)) {
                throw notDirect();
            }
            value = bind(call.operand(0), operand(typed).getType());
        } else {
            value = operand(call.operand(0));
        }
        RelDataType type = value.getType();
        List<RexNode> equalities = new ArrayList<>();
        for (SqlNode item : items) {
            RexNode bound = bind(item, untyped(item) ? type : null);
            if (!uncast(bound.getType(), type)) {
                throw notDirect();
            }
            equalities.add(rexBuilder.makeCall(SqlStdOperatorTable.EQUALS, value, bound));
        }
        RexNode any = RexUtil.composeDisjunction(rexBuilder, equalities);
        return call.getKind() == SqlKind.NOT_IN ? rexBuilder.makeCall(SqlStdOperatorTable.NOT, any) : any;
    }

    /**
     * {@code CAST(x AS type)} between numbers and strings, to a built-in type: the target type as the validator
     * derives it (a string type in the default character set, coercible), with the operand's nullability; a NULL
     * becomes a NULL of that type, as the converter makes it.
     */
    private RexNode cast(SqlBasicCall call) {
        if (call.operandCount() != 2 || !(call.operand(1) instanceof SqlDataTypeSpec spec)
            || !(spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec name) || spec.getNullable() != null
            || spec.getCollectionsTypeName() != null || spec.getTimeZone() != null || name.getCharSetName() != null) {
            throw notDirect();
        }
        RelDataType target = castTarget(name);
        SqlNode operand = call.operand(0);
        inferable(operand);
        if (SqlUtil.isNullLiteral(operand, false)) {
            return rexBuilder.makeNullLiteral(target);
        }
        RexNode value = operand(operand);
        if (!SqlTypeUtil.isNumeric(value.getType()) && !SqlTypeUtil.isCharacter(value.getType())) {
            throw notDirect();
        }
        RelDataType type = SqlCastFunction.deriveType(rexBuilder.getTypeFactory(), value.getType(), target, false);
        return rexBuilder.makeCast(type, value, false, false);
    }

    /** A numeric or character type named in a CAST, as {@code SqlBasicTypeNameSpec} derives it. */
    private RelDataType castTarget(SqlBasicTypeNameSpec name) {
        SqlTypeName typeName = SqlTypeName.get(name.getTypeName().getSimple());
        if (typeName == null || typeName.getFamily() != SqlTypeFamily.NUMERIC
            && typeName.getFamily() != SqlTypeFamily.CHARACTER) {
            throw notDirect();
        }
        int precision = name.getPrecision();
        int scale = name.getScale();
        RelDataTypeFactory types = rexBuilder.getTypeFactory();
        if (precision > types.getTypeSystem().getMaxPrecision(typeName) || precision == 0) {
            throw notDirect(); // the validator's error
        }
        RelDataType type;
        if (precision >= 0 && scale >= 0 && typeName.allowsPrecScale(true, true)) {
            type = types.createSqlType(typeName, precision, scale);
        } else if (precision >= 0 && scale < 0 && typeName.allowsPrecNoScale()) {
            type = types.createSqlType(typeName, precision);
        } else if (precision < 0 && scale < 0 && typeName.allowsNoPrecNoScale()) {
            type = types.createSqlType(typeName);
        } else {
            throw notDirect();
        }
        return typeName.getFamily() != SqlTypeFamily.CHARACTER ? type
            : types.createTypeWithCharsetAndCollation(type, types.getDefaultCharset(), SqlCollation.COERCIBLE);
    }

    private static RexNode numeric(RexNode node) {
        if (!SqlTypeUtil.isNumeric(node.getType())) {
            throw notDirect();
        }
        return node;
    }

    /**
     * Two types Calcite compares and assigns without a cast: the same family, numbers other than the approximate
     * ones mixed with exact ones aside (their comparison is exact in neither order).
     */
    private static boolean sameFamily(RelDataType a, RelDataType b) {
        SqlTypeFamily fa = a.getSqlTypeName().getFamily();
        SqlTypeFamily fb = b.getSqlTypeName().getFamily();
        if (fa == null || fa != fb) {
            return false;
        }
        return fa != SqlTypeFamily.NUMERIC
            || SqlTypeUtil.isApproximateNumeric(a) == SqlTypeUtil.isApproximateNumeric(b);
    }

    /** A literal as SQL-to-rel converts it; NULL and typed literals (DATE '...', INTERVAL, x'..') are not covered. */
    private RexNode literal(SqlLiteral literal) {
        if (literal instanceof SqlNumericLiteral number) {
            BigDecimal value = number.getValueAs(BigDecimal.class);
            RelDataType type = number.createSqlType(rexBuilder.getTypeFactory());
            if (type.getPrecision() > rexBuilder.getTypeFactory().getTypeSystem().getMaxNumericPrecision()) {
                throw notDirect();
            }
            return number.isExact() ? rexBuilder.makeExactLiteral(value, type)
                : rexBuilder.makeApproxLiteral(value, type);
        }
        if (literal instanceof SqlCharStringLiteral string) {
            NlsString value = string.getValueAs(NlsString.class);
            if (value.getCharsetName() != null || value.getCollation() != null) {
                throw notDirect();
            }
            return rexBuilder.makeCharLiteral(value);
        }
        if (literal.getTypeName() == SqlTypeName.BOOLEAN && literal.getValue() != null) {
            return rexBuilder.makeLiteral(literal.booleanValue());
        }
        throw notDirect();
    }
}
