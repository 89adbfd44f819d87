package org.verso.sql.prepare;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.CatalogNames;

/**
 * Rewrites {@code NEXT VALUE FOR s} into {@code nextval('"S"')} before validation, in place. Calcite's validator
 * takes the sequence name of NEXT VALUE FOR for a column when the query has a FROM clause (its check of rolled-up
 * columns), and fails with "column S not found"; the name as a string, quoted part by part, names the same sequence
 * and evaluates the same way. A name that is not a sequence of the catalog is left to the validator, which reports
 * it (42P01, or 42809 for a table).
 */
final class SequenceCalls {
    private SequenceCalls() {
    }

    static void rewrite(SqlNode node, Catalog catalog) {
        if (!catalog.sequences().isEmpty()) { // NEXT VALUE FOR names one of them, or is the validator's error
            rewriteIn(node, catalog);
        }
    }

    private static void rewriteIn(SqlNode node, Catalog catalog) {
        if (node instanceof SqlNodeList list) {
            for (int i = 0; i < list.size(); i++) {
                SqlNode item = list.get(i);
                if (isNextValue(item, catalog)) {
                    list.set(i, nextval((SqlCall) item));
                } else {
                    rewriteIn(item, catalog);
                }
            }
        } else if (node instanceof SqlCall call) {
            for (int i = 0; i < call.getOperandList().size(); i++) {
                SqlNode operand = call.getOperandList().get(i);
                if (isNextValue(operand, catalog)) {
                    call.setOperand(i, nextval((SqlCall) operand));
                } else {
                    rewriteIn(operand, catalog);
                }
            }
        }
    }

    /** NEXT VALUE FOR a sequence the catalog has. */
    private static boolean isNextValue(SqlNode node, Catalog catalog) {
        if (!(node instanceof SqlCall call) || call.getKind() != SqlKind.NEXT_VALUE
            || !(call.operand(0) instanceof SqlIdentifier sequence) || sequence.names.size() > 2) {
            return false;
        }
        List<String> names = sequence.names;
        try {
            String key = names.size() == 1 ? names.get(0) : CatalogNames.key(names.get(0), names.get(1));
            return catalog.sequence(key).isPresent();
        } catch (RuntimeException e) {
            return false; // not a valid name: the validator says so
        }
    }

    private static SqlNode nextval(SqlCall nextValue) {
        SqlIdentifier sequence = nextValue.operand(0);
        String quoted = sequence.names.stream().map(n -> '"' + n.replace("\"", "\"\"") + '"')
            .collect(Collectors.joining("."));
        return VersoOperators.NEXTVAL.createCall(nextValue.getParserPosition(),
            SqlLiteral.createCharString(quoted, nextValue.getParserPosition()));
    }
}
