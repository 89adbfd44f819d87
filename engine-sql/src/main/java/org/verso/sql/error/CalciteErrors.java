package org.verso.sql.error;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;

/**
 * Maps what Calcite throws while validating and planning to {@link VersoException}s with a proper SQLState.
 * Calcite's validator errors carry no machine-readable code, so they are recognised by their message templates
 * (from {@code CalciteResource}); anything unrecognised is 42000, and an exception that is not a validation error
 * at all is an internal error with the cause attached.
 */
public final class CalciteErrors {
    private record Rule(Pattern pattern, BiFunction<Matcher, SqlNode, VersoException> build) {
    }

    private static final List<Rule> RULES = List.of(
        rule("Object '([^']*)' not found(?: within '[^']*')?", m -> ErrorCode.TABLE_NOT_FOUND.exception(m.group(1))),
        rule("Table '([^']*)' not found", m -> ErrorCode.TABLE_NOT_FOUND.exception(m.group(1))),
        rule("Column '([^']*)' not found in table '([^']*)'",
            m -> ErrorCode.COLUMN_NOT_FOUND.exception(m.group(2) + "." + m.group(1))),
        rule("Column '([^']*)' not found in any table", m -> ErrorCode.COLUMN_NOT_FOUND.exception(m.group(1))),
        rule("Unknown target column '([^']*)'", m -> ErrorCode.COLUMN_NOT_FOUND.exception(m.group(1))),
        rule("Number of INSERT target columns \\((\\d+)\\) does not equal number of source items \\((\\d+)\\)",
            m -> ErrorCode.SYNTAX_ERROR.exception("INSERT has " + m.group(2) + " expressions for " + m.group(1)
                + " target columns")),
        rule("Column '([^']*)' is ambiguous", m -> ErrorCode.AMBIGUOUS_COLUMN.exception(m.group(1))),
        rule("Table '([^']*)' is not a sequence", m -> ErrorCode.WRONG_OBJECT_TYPE.exception(m.group(1)
            + " is not a sequence")),
        rule("Unknown identifier '([^']*)'", m -> ErrorCode.COLUMN_NOT_FOUND.exception(m.group(1))),
        rule("No match found for function signature (.*)",
            m -> ErrorCode.FUNCTION_NOT_FOUND.exception(m.group(1).replaceAll("<([^>]*)>", "$1"))),
        rule("Invalid number of arguments to function '([^']*)'. Was expecting (\\d+) arguments",
            m -> ErrorCode.FUNCTION_ARGUMENT_COUNT.exception(m.group(1), m.group(2))),
        rule("Column '([^']*)' has no default value and does not allow NULLs",
            (m, statement) -> ErrorCode.NOT_NULL_VIOLATION.exception(m.group(1), targetTable(statement))),
        rule("Cannot assign to target field '([^']*)' of type (.*) from source field '[^']*' of type (.*)",
            m -> ErrorCode.TYPE_MISMATCH.exception("column " + m.group(1) + " is of type " + m.group(2)
                + " but the expression assigned to it is of type " + m.group(3))),
        rule("(Cannot apply .*|.*must have compatible types.*|Type mismatch.*"
            + "|Illegal mixing of types.*|.*[Ii]ncompatible.*types.*|Cannot infer return type.*"
            + "|Cast function cannot convert.*|Parameters must be of the same type.*)",
            m -> ErrorCode.TYPE_MISMATCH.exception(m.group(1))));

    private CalciteErrors() {
    }

    /** Calcite may append a suggestion ("; did you mean 'X'?") to a name-resolution message. */
    private static final String SUGGESTION = "(?:; did you mean .*)?";

    private static Rule rule(String regex, Function<Matcher, VersoException> build) {
        return new Rule(Pattern.compile(regex + SUGGESTION, Pattern.DOTALL), (m, statement) -> build.apply(m));
    }

    private static Rule rule(String regex, BiFunction<Matcher, SqlNode, VersoException> build) {
        return new Rule(Pattern.compile(regex + SUGGESTION, Pattern.DOTALL), build);
    }

    private static String targetTable(SqlNode statement) {
        return statement instanceof SqlInsert insert ? insert.getTargetTable().toString() : "(target)";
    }

    /** The Verso error for a failure during validation or planning of {@code statement} (may be null). */
    public static VersoException map(Throwable t, SqlNode statement) {
        if (t instanceof VersoException v) {
            return v;
        }
        if (find(t, StackOverflowError.class) != null) {
            return ErrorCode.STATEMENT_TOO_COMPLEX.exception();
        }
        if (t instanceof RelOptPlanner.CannotPlanException) {
            return ErrorCode.FEATURE_NOT_SUPPORTED.exception(t, "this statement (no Verso operator implements part "
                + "of its plan)");
        }
        SqlValidatorException validation = find(t, SqlValidatorException.class);
        CalciteContextException context = find(t, CalciteContextException.class);
        if (validation == null && context == null) {
            return ErrorCode.INTERNAL_ERROR.exception(t, String.valueOf(t));
        }
        String message = validation != null ? validation.getMessage() : context.getMessage();
        String where = context != null ? " at line " + context.getPosLine() + ", column " + context.getPosColumn() : "";
        for (Rule rule : RULES) {
            Matcher m = rule.pattern.matcher(message);
            if (m.matches()) {
                VersoException mapped = rule.build.apply(m, statement);
                return new VersoException(mapped.code(), mapped.getMessage() + where, t);
            }
        }
        return ErrorCode.VALIDATION_ERROR.exception(t, message + where);
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }
}
