package org.verso.sql.parse;

import java.io.StringReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.verso.sql.parse.impl.ParseException;
import org.verso.sql.parse.impl.VersoParserImpl;
import org.verso.sql.parse.impl.VersoParserImplConstants;

/**
 * What Verso's generated parser makes of words, learnt from it once: its keywords, which of them are not reserved,
 * and which start something other than a name where a name could stand. Most keywords are not reserved and may be
 * names, but not where a rule the parser tries before the name's claims the word: an operand's first word is a
 * name only if no literal, built-in function, constructor or context variable starts with it (they come first in
 * AtomicRowExpression), and a word after an expression or a table is an alias only if no operator, interval unit
 * or trailing clause starts with it. The first words of those rules are read from the errors the parser reports
 * when each rule is given a closing parenthesis, as Calcite reads its keyword lists (its own reader,
 * {@code SqlAbstractParserImpl.MetadataImpl}, costs a new JVM some 25 ms more). If that fails, {@link #loaded} is
 * false: {@link SimpleQueryParser} then declines everything and syntax errors name no reserved word.
 */
final class GrammarWords {
    private static final Set<String> KEYWORDS;
    private static final Set<String> NOT_RESERVED;
    /** Words that name a function called with the generic syntax (COALESCE, NULLIF, ...). */
    private static final Set<String> FUNCTION_NAMES;
    /** Words that start an operand other than a name or an ordinary function call. */
    private static final Set<String> NOT_OPERAND_NAMES;
    /** Words that can continue an expression or a table, and so are no alias there. */
    private static final Set<String> NOT_ALIASES;

    static {
        Set<String> keywords = new HashSet<>();
        Set<String> notReserved = null;
        Set<String> functions = null;
        Set<String> operands = null;
        Set<String> aliases = null;
        try {
            for (String image : VersoParserImplConstants.tokenImage) {
                String word = word(image);
                if (word != null) {
                    keywords.add(word);
                }
            }
            VersoParserImpl parser = new VersoParserImpl(new StringReader(")"));
            Method[] methods = VersoParserImpl.class.getMethods();
            notReserved = firstWords(parser, methods, "NonReservedKeyWord");
            functions = firstWords(parser, methods, "ReservedFunctionName");
            operands = firstWords(parser, methods, "LiteralOrIntervalExpression", "BuiltinFunctionCall",
                "JdbcFunctionCall", "MultisetConstructor", "ArrayConstructor", "MapConstructor", "PeriodConstructor",
                "ContextVariable", "StringAggFunctionCall", "PercentileFunctionCall", "CursorExpression",
                "NewSpecification", "SequenceExpression");
            aliases = firstWords(parser, methods, "IntervalQualifier", "BinaryRowOperator", "PostfixRowOperator",
                "BinaryMultisetOperator");
            aliases.addAll(Set.of("OVER", "FILTER", "WITHIN", "RESPECT", "IGNORE", "UESCAPE", "MEASURE", "PIVOT",
                "UNPIVOT", "EXTEND", "MATCH_RECOGNIZE", "TABLESAMPLE", "ILIKE", "RLIKE", "SIMILAR", "FORMAT",
                "COLLATE", "NOT", "IN", "BETWEEN", "LIKE", "ESCAPE"));
        } catch (ReflectiveOperationException | RuntimeException e) {
            notReserved = null;
        }
        KEYWORDS = keywords;
        NOT_RESERVED = notReserved;
        FUNCTION_NAMES = functions;
        NOT_OPERAND_NAMES = operands;
        NOT_ALIASES = aliases;
    }

    private GrammarWords() {
    }

    static boolean loaded() {
        return NOT_RESERVED != null;
    }

    /** Whether {@code word} (upper case) is one of the parser's keywords, reserved or not. */
    static boolean isKeyword(String word) {
        return KEYWORDS.contains(word);
    }

    static boolean isNonReserved(String word) {
        return NOT_RESERVED.contains(word);
    }

    /** Whether {@code word} is a keyword that cannot be a name unless quoted. */
    static boolean isReserved(String word) {
        return loaded() && KEYWORDS.contains(word) && !NOT_RESERVED.contains(word);
    }

    static boolean isFunctionName(String word) {
        return FUNCTION_NAMES.contains(word);
    }

    /** Whether an operand that starts with {@code word} is something other than a name or an ordinary call. */
    static boolean startsOtherThanName(String word) {
        return NOT_OPERAND_NAMES.contains(word);
    }

    /** Whether {@code word} after an expression or a table continues it, and so is no alias. */
    static boolean continuesExpression(String word) {
        return NOT_ALIASES.contains(word);
    }

    /** The word a token image such as {@code "SELECT"} (quotes included) stands for, or null. */
    private static String word(String image) {
        if (image.length() < 3 || image.charAt(0) != '"' || image.charAt(image.length() - 1) != '"') {
            return null;
        }
        String word = image.substring(1, image.length() - 1);
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c == '_' || i > 0 && c >= '0' && c <= '9')) {
                return null;
            }
        }
        return word;
    }

    /** The words that can start any of the parser's {@code rules}. */
    private static Set<String> firstWords(VersoParserImpl parser, Method[] methods, String... rules)
        throws ReflectiveOperationException {
        Set<String> words = new HashSet<>();
        for (String rule : rules) {
            Method method = Arrays.stream(methods).filter(m -> m.getName().equals(rule)).findFirst()
                .orElseThrow(() -> new NoSuchMethodException(rule));
            Object[] args = new Object[method.getParameterCount()];
            for (int i = 0; i < args.length; i++) {
                Class<?> type = method.getParameterTypes()[i];
                args[i] = type.isEnum() ? type.getEnumConstants()[0] : null;
            }
            parser.ReInit(new StringReader(")"));
            try {
                method.invoke(parser, args);
                throw new IllegalStateException(rule + " accepted ')'");
            } catch (InvocationTargetException e) {
                if (!(e.getCause() instanceof ParseException error)) {
                    throw new IllegalStateException(rule, e.getCause());
                }
                for (int[] sequence : error.expectedTokenSequences) {
                    String word = word(error.tokenImage[sequence[0]]);
                    if (word != null) {
                        words.add(word);
                    }
                }
            }
        }
        return words;
    }
}
