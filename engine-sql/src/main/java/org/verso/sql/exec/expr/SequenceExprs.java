package org.verso.sql.exec.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.CatalogNames;

/**
 * {@code NEXT VALUE FOR s} and {@code nextval('s')}: each evaluation takes the sequence's next value, so two rows
 * of one statement get two values. Sequence names inside the {@code nextval} string follow identifier rules, as in
 * PostgreSQL: {@code 'seq'} is {@code SEQ}, {@code '"Seq"'} keeps its case, {@code 'sch.seq'} is qualified.
 */
public final class SequenceExprs {
    private SequenceExprs() {
    }

    /** Takes the next value of a sequence known when the plan is built. */
    static Expr nextValue(String key) {
        return (row, ctx) -> ctx.nextValue(key);
    }

    /**
     * {@code nextval(text)}: with a literal the name is resolved once ({@code key}); otherwise every evaluation
     * resolves the text it gets.
     */
    static Expr nextval(Expr name, String key) {
        if (key != null) {
            return nextValue(key);
        }
        return (row, ctx) -> {
            Object text = name.eval(row, ctx);
            return text == null ? null : ctx.nextValue(keyOfText((String) text));
        };
    }

    /** The catalog key of a sequence identifier as Calcite prints it in NEXT VALUE FOR: quoted parts and dots. */
    static String keyOfIdentifier(String names) {
        boolean bracketed = names.startsWith("[") && names.endsWith("]");
        return keyOfText(bracketed ? names.substring(1, names.length() - 1).replace(", ", ".") : names);
    }

    /** A catalog key as a quoted name that {@link #keyOfIdentifier} reads back exactly. */
    public static String quotedName(String key) {
        return '"' + CatalogNames.schemaOf(key).replace("\"", "\"\"") + "\".\""
            + CatalogNames.simpleName(key).replace("\"", "\"\"") + '"';
    }

    /** The catalog key named by a {@code nextval} string, read with identifier rules. */
    public static String keyOfText(String text) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                if (quoted && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    part.append('"');
                    i++;
                } else {
                    quoted = !quoted;
                    wasQuoted = true;
                }
            } else if (c == '.' && !quoted) {
                parts.add(finish(part, wasQuoted));
                part.setLength(0);
                wasQuoted = false;
            } else {
                part.append(c);
            }
        }
        parts.add(finish(part, wasQuoted));
        if (quoted || parts.size() > 2 || parts.contains("")) {
            throw ErrorCode.SYNTAX_ERROR.exception("invalid sequence name '" + text + "'");
        }
        return parts.size() == 1 ? CatalogNames.key(null, parts.get(0)) : CatalogNames.key(parts.get(0), parts.get(1));
    }

    private static String finish(StringBuilder part, boolean quoted) {
        String s = quoted ? part.toString() : part.toString().trim();
        return quoted ? s : s.toUpperCase(Locale.ROOT);
    }
}
