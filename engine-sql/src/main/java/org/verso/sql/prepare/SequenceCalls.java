package org.verso.sql.prepare;

import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

/**
 * Rewrites {@code NEXT VALUE FOR s} into {@code nextval('"S"')} before validation, in place. Calcite's validator
 * takes the sequence name of NEXT VALUE FOR for a column when the query has a FROM clause (its check of rolled-up
 * columns), and fails with "column S not found"; the name as a string, quoted part by part, names the same sequence
 * and evaluates the same way.
 */
final class SequenceCalls {
    private SequenceCalls() {
    }

    static void rewrite(SqlNode node) {
        if (node instanceof SqlNodeList list) {
            for (int i = 0; i < list.size(); i++) {
                SqlNode item = list.get(i);
                if (isNextValue(item)) {
                    list.set(i, nextval((SqlCall) item));
                } else {
                    rewrite(item);
                }
            }
        } else if (node instanceof SqlCall call) {
            for (int i = 0; i < call.getOperandList().size(); i++) {
                SqlNode operand = call.getOperandList().get(i);
                if (isNextValue(operand)) {
                    call.setOperand(i, nextval((SqlCall) operand));
                } else {
                    rewrite(operand);
                }
            }
        }
    }

    private static boolean isNextValue(SqlNode node) {
        return node instanceof SqlCall call && call.getKind() == SqlKind.NEXT_VALUE
            && call.operand(0) instanceof SqlIdentifier;
    }

    private static SqlNode nextval(SqlCall nextValue) {
        SqlIdentifier sequence = nextValue.operand(0);
        String quoted = sequence.names.stream().map(n -> '"' + n.replace("\"", "\"\"") + '"')
            .collect(Collectors.joining("."));
        return VersoOperators.NEXTVAL.createCall(nextValue.getParserPosition(),
            SqlLiteral.createCharString(quoted, nextValue.getParserPosition()));
    }
}
