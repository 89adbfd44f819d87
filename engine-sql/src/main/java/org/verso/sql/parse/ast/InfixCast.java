package org.verso.sql.parse.ast;

import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * PostgreSQL's cast operator, {@code expr::type}, as the parser sees it: a binary operator that binds more tightly
 * than any other ({@code -1::INT} is {@code -(1::INT)}, {@code a + b::INT} is {@code a + (b::INT)}). The tree it
 * builds holds no trace of it: the call it makes is the standard {@code CAST(expr AS type)}, so validation,
 * conversion, Verso's direct path and the text of a view see a cast they already know.
 */
public final class InfixCast extends SqlBinaryOperator {
    /** The one instance the grammar uses. */
    public static final InfixCast INSTANCE = new InfixCast();

    // PostgreSQL gives :: a higher precedence than every operator but member access: above Calcite's unary minus
    // (80) and its binary operators, below its member access (100)
    private static final int PRECEDENCE = 94;

    private InfixCast() {
        super("::", SqlKind.CAST, PRECEDENCE, true, null, InferTypes.FIRST_KNOWN, null);
    }

    @Override
    public SqlCall createCall(@Nullable SqlLiteral functionQualifier, SqlParserPos pos,
                              @Nullable SqlNode... operands) {
        return SqlStdOperatorTable.CAST.createCall(pos, operands);
    }
}
