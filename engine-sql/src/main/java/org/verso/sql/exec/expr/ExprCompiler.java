package org.verso.sql.exec.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeName;
import org.verso.common.ErrorCode;
import org.verso.common.VersoVersion;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;
import org.verso.common.type.DataType;
import org.verso.common.type.DateTimes;
import org.verso.common.type.ValueOrder;
import org.verso.common.type.ValueType;
import org.verso.common.type.Values;
import org.verso.sql.type.TypeMapping;

/**
 * Compiles a Calcite row expression into an {@link Expr} tree once, when the plan is built; evaluation then does no
 * Calcite work. Unsupported operators fail at planning time with 0A000, never at execution.
 *
 * <p>Boolean operators follow SQL's three-valued logic: null stands for UNKNOWN.
 */
public final class ExprCompiler {
    private final RexBuilder rexBuilder;

    public ExprCompiler(RexBuilder rexBuilder) {
        this.rexBuilder = rexBuilder;
    }

    public Expr compile(RexNode node) {
        // SEARCH(x, Sarg[...]) is the planner's compact form of IN lists and ranges; evaluate its expansion.
        return compileNode(RexUtil.expandSearch(rexBuilder, null, node));
    }

    /**
     * An expression of an interval type as the Long number of months or milliseconds Verso computes intervals as
     * (see {@link Intervals}); {@link #compile} takes intervals only inside datetime arithmetic.
     */
    public Expr compileInterval(RexNode node) {
        return Intervals.compile(node, this::compileNode);
    }

    public Expr[] compile(List<? extends RexNode> nodes) {
        Expr[] result = new Expr[nodes.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = compile(nodes.get(i));
        }
        return result;
    }

    /** The value of a literal as a canonical engine value of the literal's own type. */
    public static Object literalValue(RexLiteral literal) {
        if (literal.isNull()) {
            return null;
        }
        DataType type = TypeMapping.toDataType(literal.getType());
        return switch (type.kind()) {
            case BOOLEAN -> literal.getValueAs(Boolean.class);
            case SMALLINT, INTEGER, BIGINT, REAL, DOUBLE, DECIMAL ->
                Values.toType(literal.getValueAs(BigDecimal.class), type);
            case CHAR, VARCHAR -> literal.getValueAs(String.class);
            case BINARY, VARBINARY -> literal.getValueAs(ByteString.class).getBytes();
            case DATE -> literal.getValueAs(Integer.class);
            // Calcite's own Long forms of TIME and TIMESTAMP are milliseconds; the text keeps every digit.
            case TIME -> DateTimes.toMicroOfDay(DateTimes.parseTime(literal.getValueAs(TimeString.class).toString()));
            case TIMESTAMP -> DateTimes.toEpochMicros(
                DateTimes.parseTimestamp(literal.getValueAs(TimestampString.class).toString()));
            case TIMESTAMP_TZ -> DateTimes.toEpochMicros(DateTimes.parseTimestamp(
                literal.getValueAs(TimestampString.class).toString()).toInstant(java.time.ZoneOffset.UTC));
            case UUID -> Values.toType(literal.getValue(), type);
        };
    }

    private Expr compileNode(RexNode node) {
        if (node instanceof RexInputRef ref) {
            int index = ref.getIndex();
            return (row, ctx) -> row[index];
        }
        if (node instanceof RexLiteral literal) {
            Object value = literalValue(literal);
            return (row, ctx) -> value;
        }
        if (node instanceof RexDynamicParam param) {
            int index = param.getIndex();
            return (row, ctx) -> ctx.param(index);
        }
        if (node instanceof RexFieldAccess access && access.getReferenceExpr() instanceof RexCorrelVariable variable) {
            // A correlated subquery's reference to a column of the row its correlate operator is visiting.
            int id = variable.id.getId();
            int field = access.getField().getIndex();
            return (row, ctx) -> ctx.correlation(id)[field];
        }
        if (node instanceof RexOver) {
            throw unsupported("window functions (OVER)");
        }
        if (node instanceof RexCall call) {
            return compileCall(call);
        }
        throw unsupported(node.toString());
    }

    private Expr compileCall(RexCall call) {
        SqlKind kind = call.getKind();
        switch (kind) {
            case PLUS:
            case MINUS:
                if (DateArithmetic.applies(call)) {
                    return DateArithmetic.compile(call, this::compileNode);
                }
                return arithmetic(call);
            case TIMES:
            case DIVIDE:
            case MOD:
                return arithmetic(call);
            case MINUS_PREFIX: {
                DataType type = numericType(call);
                Expr operand = operand(call, 0);
                return (row, ctx) -> {
                    Object v = operand.eval(row, ctx);
                    return v == null ? null : Arithmetic.negate(type, v);
                };
            }
            case PLUS_PREFIX:
                return operand(call, 0);
            case EQUALS:
            case NOT_EQUALS:
            case LESS_THAN:
            case LESS_THAN_OR_EQUAL:
            case GREATER_THAN:
            case GREATER_THAN_OR_EQUAL:
                return comparison(call);
            case IS_DISTINCT_FROM:
            case IS_NOT_DISTINCT_FROM:
                return distinctFrom(call);
            case AND:
                return and(compileAll(call));
            case OR:
                return or(compileAll(call));
            case NOT: {
                Expr operand = operand(call, 0);
                return (row, ctx) -> {
                    Object v = operand.eval(row, ctx);
                    return v == null ? null : !(Boolean) v;
                };
            }
            case IS_NULL: {
                Expr operand = operand(call, 0);
                return (row, ctx) -> operand.eval(row, ctx) == null;
            }
            case IS_NOT_NULL: {
                Expr operand = operand(call, 0);
                return (row, ctx) -> operand.eval(row, ctx) != null;
            }
            case IS_TRUE:
                return truthTest(operand(call, 0), Boolean.TRUE, true);
            case IS_NOT_TRUE:
                return truthTest(operand(call, 0), Boolean.TRUE, false);
            case IS_FALSE:
                return truthTest(operand(call, 0), Boolean.FALSE, true);
            case IS_NOT_FALSE:
                return truthTest(operand(call, 0), Boolean.FALSE, false);
            case CAST:
                return cast(call);
            case REINTERPRET:
                return reinterpret(call);
            case CASE:
                return caseWhen(call);
            case COALESCE:
                return coalesce(call);
            case LIKE:
            case SIMILAR:
                return patternMatch(call);
            case TRIM:
                return trim(call);
            default:
                return function(call);
        }
    }

    private Expr function(RexCall call) {
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        switch (name) {
            case "||":
                return StringExprs.concat(compileAll(call), false);
            case "CONCAT":
                // PostgreSQL's CONCAT function: a NULL argument adds nothing
                return StringExprs.concat(compileAll(call), true);
            case "CONCAT_WS":
                return StringExprs.concatWithSeparator(compileAll(call));
            case "POSIX REGEX CASE SENSITIVE":
            case "POSIX REGEX CASE INSENSITIVE":
            case "NEGATED POSIX REGEX CASE SENSITIVE":
            case "NEGATED POSIX REGEX CASE INSENSITIVE":
                return StringFunctions.regexMatch(operand(call, 0), operand(call, 1), name.contains("INSENSITIVE"),
                    name.startsWith("NEGATED"));
            case "UPPER":
                return StringExprs.map(operand(call, 0), s -> s.toUpperCase(Locale.ROOT));
            case "LOWER":
                return StringExprs.map(operand(call, 0), s -> s.toLowerCase(Locale.ROOT));
            case "CHAR_LENGTH":
            case "CHARACTER_LENGTH":
                return StringExprs.length(operand(call, 0));
            case "ABS": {
                DataType type = numericType(call);
                Expr operand = operand(call, 0);
                return (row, ctx) -> {
                    Object v = operand.eval(row, ctx);
                    if (v == null) {
                        return null;
                    }
                    return ValueOrder.compare(v, 0) < 0 ? Arithmetic.negate(type, v) : v;
                };
            }
            case "SUBSTRING":
                return StringExprs.substring(operand(call, 0), operand(call, 1),
                    call.getOperands().size() > 2 ? operand(call, 2) : null);
            case "CURRENT_DATE":
                return (row, ctx) -> DateTimes.toEpochDay(ctx.statementTime().toLocalDate());
            case "CURRENT_TIME":
            case "LOCALTIME":
                return (row, ctx) -> DateTimes.toMicroOfDay(ctx.statementTime().toLocalTime());
            case "CURRENT_TIMESTAMP":
            case "LOCALTIMESTAMP":
                return (row, ctx) -> DateTimes.toEpochMicros(ctx.statementTime());
            case "NOW":
                return (row, ctx) -> DateTimes.toEpochMicros(ctx.statementTime());
            case "EPOCH_DAY": // a DATE is its day number already (see VersoTypeCoercion)
                return operand(call, 0);
            case "GEN_RANDOM_UUID":
            case "RANDOM_UUID":
                return (row, ctx) -> java.util.UUID.randomUUID();
            case "DATE_TRUNC":
                return DateTruncation.dateTrunc(operand(call, 0), literalText(call, 0), operand(call, 1),
                    argumentType(call, 1));
            case "DATE_PART":
                return DateParts.datePart(operand(call, 0), literalText(call, 0), operand(call, 1),
                    argumentType(call, 1));
            case "TO_DATE":
            case "TO_TIMESTAMP":
                if (call.getOperands().size() == 1) {
                    return epochSeconds(operand(call, 0));
                }
                return DateFormatting.parse(operand(call, 0), operand(call, 1), literalText(call, 1),
                    name.equals("TO_DATE") ? ValueType.DATE : ValueType.TIMESTAMP_TZ);
            case "TO_CHAR":
                return DateFormatting.toChar(operand(call, 0), argumentType(call, 0), operand(call, 1),
                    literalText(call, 1));
            case "CURRENT_USER":
            case "USER":
            case "SESSION_USER":
            case "SYSTEM_USER":
            case "CURRENT_ROLE":
                return (row, ctx) -> SessionNames.USER;
            case "CURRENT_SCHEMA":
                return (row, ctx) -> SessionNames.SCHEMA;
            case "CURRENT_CATALOG":
            case "CURRENT_DATABASE":
                return (row, ctx) -> SessionNames.CATALOG;
            case "VERSION":
                return (row, ctx) -> VersoVersion.DESCRIPTION;
            case "ROUND":
            case "TRUNCATE":
            case "TRUNC":
                return NumericFunctions.scale(operand(call, 0), call.getOperands().size() > 1 ? operand(call, 1) : null,
                    argumentType(call, 0), numericType(call),
                    name.equals("ROUND") ? RoundingMode.HALF_UP : RoundingMode.DOWN);
            case "CEIL":
            case "CEILING":
            case "FLOOR":
                if (call.getOperands().size() == 2) {
                    TimeUnitRange unit = ((RexLiteral) call.getOperands().get(1)).getValueAs(TimeUnitRange.class);
                    return DateTruncation.compile(unit, operand(call, 0), argumentType(call, 0),
                        !name.equals("FLOOR"));
                }
                return NumericFunctions.integral(operand(call, 0), argumentType(call, 0), numericType(call),
                    !name.equals("FLOOR"));
            case "SIGN":
                return NumericFunctions.sign(operand(call, 0), argumentType(call, 0), numericType(call));
            case "EXP":
                return NumericFunctions.ofDouble(operand(call, 0), argumentType(call, 0), numericType(call),
                    Math::exp, Double.NEGATIVE_INFINITY, true, ErrorCode.INVALID_POWER_ARGUMENT);
            case "LN":
                return NumericFunctions.ofDouble(operand(call, 0), argumentType(call, 0), numericType(call),
                    Math::log, 0, false, ErrorCode.INVALID_LOGARITHM_ARGUMENT);
            case "LOG10":
                return NumericFunctions.ofDouble(operand(call, 0), argumentType(call, 0), numericType(call),
                    Math::log10, 0, false, ErrorCode.INVALID_LOGARITHM_ARGUMENT);
            case "POWER":
            case "POW":
            case "^":
                return NumericFunctions.power(operand(call, 0), operand(call, 1), argumentType(call, 0),
                    argumentType(call, 1), numericType(call));
            case "PI":
                return (row, ctx) -> Math.PI;
            case "RAND":
            case "RANDOM":
                if (!call.getOperands().isEmpty()) {
                    throw unsupported("RAND with a seed");
                }
                return NumericFunctions.random();
            case "RAND_INTEGER":
                if (call.getOperands().size() != 1) {
                    throw unsupported("RAND_INTEGER with a seed");
                }
                return NumericFunctions.randomInteger(operand(call, 0));
            case "LENGTH":
                return StringExprs.length(operand(call, 0));
            case "LTRIM":
            case "RTRIM": {
                Expr blank = (row, ctx) -> " ";
                return StringExprs.trim(name.equals("LTRIM"), name.equals("RTRIM"), blank, operand(call, 0));
            }
            case "POSITION": {
                if (call.getOperands().size() != 2) {
                    throw unsupported("POSITION ... FROM");
                }
                Expr needle = operand(call, 0);
                Expr haystack = operand(call, 1);
                return (row, ctx) -> {
                    Object n = needle.eval(row, ctx);
                    Object h = haystack.eval(row, ctx);
                    return n == null || h == null ? null : StringFunctions.position((String) n, (String) h);
                };
            }
            case "REPLACE": {
                Expr string = operand(call, 0);
                Expr from = operand(call, 1);
                Expr to = operand(call, 2);
                return (row, ctx) -> {
                    Object s = string.eval(row, ctx);
                    Object f = from.eval(row, ctx);
                    Object t = to.eval(row, ctx);
                    return s == null || f == null || t == null ? null : ((String) s).replace((String) f, (String) t);
                };
            }
            case "EXTRACT": {
                TimeUnitRange unit = ((RexLiteral) call.getOperands().get(0)).getValueAs(TimeUnitRange.class);
                return DateParts.extract(unit, operand(call, 1), argumentType(call, 1));
            }
            case "NEXT_VALUE":
                // NEXT VALUE FOR s: the validator resolved the sequence; the operand names it as written.
                return SequenceExprs.nextValue(SequenceExprs.keyOfIdentifier(
                    ((RexLiteral) call.getOperands().get(0)).getValueAs(String.class)));
            case "NEXTVAL":
                return SequenceExprs.nextval(operand(call, 0), call.getOperands().get(0) instanceof RexLiteral l
                    ? SequenceExprs.keyOfText(l.getValueAs(String.class)) : null);
            default: {
                if (NumericFunctions.isDoubleFunction(name)) {
                    return NumericFunctions.ofDoubles(name, compileAll(call), argumentTypes(call), numericType(call));
                }
                Expr string = StringFunctions.compile(name, compileAll(call));
                if (string != null) {
                    return string;
                }
                throw unsupported("the operator " + call.getOperator().getName());
            }
        }
    }

    private static ValueType[] argumentTypes(RexCall call) {
        ValueType[] types = new ValueType[call.getOperands().size()];
        for (int i = 0; i < types.length; i++) {
            types[i] = argumentType(call, i);
        }
        return types;
    }

    private static ValueType argumentType(RexCall call, int index) {
        return TypeMapping.toDataType(call.getOperands().get(index).getType()).kind();
    }

    private Expr arithmetic(RexCall call) {
        if (call.getType().getSqlTypeName() == SqlTypeName.NULL) {
            return (row, ctx) -> null; // MOD(x, NULL) is typed as its NULL operand, and is NULL
        }
        DataType type = numericType(call);
        for (RexNode operand : call.getOperands()) {
            DataType t = TypeMapping.toDataTypeOrNull(operand.getType());
            if (t != null && !t.kind().isNumeric() && operand.getType().getSqlTypeName() != SqlTypeName.NULL) {
                throw unsupported("arithmetic on " + operand.getType().getFullTypeString());
            }
        }
        SqlKind op = call.getKind();
        Expr left = operand(call, 0);
        Expr right = operand(call, 1);
        return (row, ctx) -> {
            Object a = left.eval(row, ctx);
            if (a == null) {
                return null;
            }
            Object b = right.eval(row, ctx);
            return b == null ? null : Arithmetic.apply(op, type, a, b);
        };
    }

    private Expr comparison(RexCall call) {
        SqlKind op = call.getKind();
        boolean padSpace = isFixedChar(call.getOperands().get(0).getType())
            || isFixedChar(call.getOperands().get(1).getType());
        Expr left = operand(call, 0);
        Expr right = operand(call, 1);
        return (row, ctx) -> {
            Object a = left.eval(row, ctx);
            if (a == null) {
                return null;
            }
            Object b = right.eval(row, ctx);
            if (b == null) {
                return null;
            }
            int c = ValueOrder.compare(a, b, padSpace);
            return switch (op) {
                case EQUALS -> c == 0;
                case NOT_EQUALS -> c != 0;
                case LESS_THAN -> c < 0;
                case LESS_THAN_OR_EQUAL -> c <= 0;
                case GREATER_THAN -> c > 0;
                default -> c >= 0;
            };
        };
    }

    private Expr distinctFrom(RexCall call) {
        boolean distinct = call.getKind() == SqlKind.IS_DISTINCT_FROM;
        boolean padSpace = isFixedChar(call.getOperands().get(0).getType())
            || isFixedChar(call.getOperands().get(1).getType());
        Expr left = operand(call, 0);
        Expr right = operand(call, 1);
        return (row, ctx) -> {
            Object a = left.eval(row, ctx);
            Object b = right.eval(row, ctx);
            boolean same = a == null || b == null ? a == b : ValueOrder.compare(a, b, padSpace) == 0;
            return same != distinct;
        };
    }

    private static Expr and(Expr[] operands) {
        return (row, ctx) -> {
            boolean unknown = false;
            for (Expr operand : operands) {
                Object v = operand.eval(row, ctx);
                if (v == null) {
                    unknown = true;
                } else if (!(Boolean) v) {
                    return Boolean.FALSE;
                }
            }
            return unknown ? null : Boolean.TRUE;
        };
    }

    private static Expr or(Expr[] operands) {
        return (row, ctx) -> {
            boolean unknown = false;
            for (Expr operand : operands) {
                Object v = operand.eval(row, ctx);
                if (v == null) {
                    unknown = true;
                } else if ((Boolean) v) {
                    return Boolean.TRUE;
                }
            }
            return unknown ? null : Boolean.FALSE;
        };
    }

    private static Expr truthTest(Expr operand, Boolean expected, boolean is) {
        return (row, ctx) -> expected.equals(operand.eval(row, ctx)) == is;
    }

    private Expr cast(RexCall call) {
        RelDataType sourceType = call.getOperands().get(0).getType();
        Expr operand = operand(call, 0);
        if (sourceType.getSqlTypeName() == SqlTypeName.NULL) {
            return (row, ctx) -> null;
        }
        DataType source = TypeMapping.toDataType(sourceType);
        DataType target = TypeMapping.toDataType(call.getType());
        if (source.equals(target)) {
            return operand;
        }
        if (call.getOperands().get(0) instanceof RexLiteral literal) {
            // Converted once, as the statement is prepared (PostgreSQL's rule): a literal its target type cannot
            // hold is an error even if no row ever reaches it, not an UPDATE of 0 rows.
            Object value = Values.cast(literalValue(literal), source, target);
            return (row, ctx) -> value;
        }
        return (row, ctx) -> Values.cast(operand.eval(row, ctx), source, target);
    }

    /**
     * An interval's internal number, its months or milliseconds: how the converter turns an interval into a number
     * of its units (TIMESTAMPDIFF's, a whole number of days is {@code Reinterpret(b - a) / 86400000}).
     */
    private Expr reinterpret(RexCall call) {
        if (!Intervals.isInterval(call.getOperands().get(0))) {
            throw unsupported("Reinterpret of " + call.getOperands().get(0).getType().getFullTypeString());
        }
        DataType type = numericType(call);
        Expr amount = Intervals.compile(call.getOperands().get(0), this::compileNode);
        return (row, ctx) -> Values.canonical(amount.eval(row, ctx), type);
    }

    /** CASE operands are when1, then1, when2, then2, ..., else. */
    private Expr caseWhen(RexCall call) {
        Expr[] operands = compileAll(call);
        DataType type = TypeMapping.toDataType(call.getType());
        return (row, ctx) -> {
            int i = 0;
            for (; i + 1 < operands.length; i += 2) {
                if (Boolean.TRUE.equals(operands[i].eval(row, ctx))) {
                    return Values.canonical(operands[i + 1].eval(row, ctx), type);
                }
            }
            return i < operands.length ? Values.canonical(operands[i].eval(row, ctx), type) : null;
        };
    }

    private Expr coalesce(RexCall call) {
        Expr[] operands = compileAll(call);
        DataType type = TypeMapping.toDataType(call.getType());
        return (row, ctx) -> {
            for (Expr operand : operands) {
                Object v = operand.eval(row, ctx);
                if (v != null) {
                    return Values.canonical(v, type);
                }
            }
            return null;
        };
    }

    /** LIKE, ILIKE and SIMILAR TO; the converter has already turned their NOT forms into NOT(...). */
    private Expr patternMatch(RexCall call) {
        SqlLikeOperator operator = (SqlLikeOperator) call.getOperator();
        StringExprs.PatternCompiler compiler = call.getKind() == SqlKind.SIMILAR
            ? SimilarPattern::compile
            : operator.isCaseSensitive() ? LikePattern::compile : (p, e) -> LikePattern.compile(p, e, true);
        RexNode pattern = call.getOperands().get(1);
        boolean hasEscape = call.getOperands().size() > 2;
        // A literal pattern without escape, the common case, is translated to a regex once per plan.
        Pattern fixed = pattern instanceof RexLiteral literal && !literal.isNull() && !hasEscape
            ? compiler.compile(literal.getValueAs(String.class), null)
            : null;
        return StringExprs.matches(operand(call, 0), operand(call, 1), hasEscape ? operand(call, 2) : null, fixed,
            compiler, operator.isNegated());
    }

    /** TRIM operands: the flag (BOTH, LEADING, TRAILING), the characters to remove, the string. */
    private Expr trim(RexCall call) {
        SqlTrimFunction.Flag flag = ((RexLiteral) call.getOperands().get(0)).getValueAs(SqlTrimFunction.Flag.class);
        return StringExprs.trim(flag != SqlTrimFunction.Flag.TRAILING, flag != SqlTrimFunction.Flag.LEADING,
            operand(call, 1), operand(call, 2));
    }

    /** Operand {@code index} of {@code call} where it is a text literal that is not NULL, else null. */
    private static String literalText(RexCall call, int index) {
        return call.getOperands().get(index) instanceof RexLiteral literal && !literal.isNull()
            ? literal.getValueAs(String.class) : null;
    }

    /** TO_TIMESTAMP(seconds): the instant that many seconds (with their fraction) after 1970-01-01 UTC. */
    private static Expr epochSeconds(Expr seconds) {
        return (row, ctx) -> {
            Object v = seconds.eval(row, ctx);
            if (v == null) {
                return null;
            }
            try {
                BigDecimal micros = (v instanceof BigDecimal d ? d : new BigDecimal(v.toString()))
                    .movePointRight(6).setScale(0, java.math.RoundingMode.HALF_EVEN);
                return micros.longValueExact();
            } catch (ArithmeticException | NumberFormatException e) {
                throw ErrorCode.VALUE_OUT_OF_RANGE.exception(e, v, ValueType.TIMESTAMP_TZ);
            }
        };
    }

    private Expr operand(RexCall call, int index) {
        return compileNode(call.getOperands().get(index));
    }

    private Expr[] compileAll(RexCall call) {
        Expr[] result = new Expr[call.getOperands().size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = compileNode(call.getOperands().get(i));
        }
        return result;
    }

    private static DataType numericType(RexCall call) {
        DataType type = TypeMapping.toDataTypeOrNull(call.getType());
        if (type == null || !type.kind().isNumeric()) {
            throw unsupported("the operator " + call.getOperator().getName() + " returning "
                + call.getType().getFullTypeString());
        }
        return type;
    }

    private static boolean isFixedChar(RelDataType type) {
        return type.getSqlTypeName() == SqlTypeName.CHAR;
    }

    private static RuntimeException unsupported(String what) {
        return ErrorCode.FEATURE_NOT_SUPPORTED.exception(what);
    }
}
