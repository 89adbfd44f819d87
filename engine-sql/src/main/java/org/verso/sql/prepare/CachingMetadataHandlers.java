package org.verso.sql.prepare;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.CyclicMetadataException;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.MetadataHandlerProvider;
import org.apache.calcite.rel.metadata.NullSentinel;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * Metadata handlers that remember each answer in the asking {@link RelMetadataQuery}'s cache, as the handlers Calcite
 * generates with Janino do, and that detect a cycle the same way. The reflection proxies Verso uses instead answer
 * every question afresh: the row count of a join asks for its inputs' row counts and selectivities, and they ask
 * theirs, so a plan of 64 joined tables took seconds per question. An answer stays valid as long as the query does:
 * the planner clears a node's entries when the node changes.
 *
 * <p>One answer is corrected on the way: Calcite's predicate analysis fails with an AssertionError ("Comparison with
 * NULL in pulledUpPredicates") on a condition such as {@code HAVING NULL < NULL}, which Verso keeps unsimplified
 * (see {@code Validators}); the answer is then "nothing known", which only forgoes an optimisation.
 */
final class CachingMetadataHandlers implements MetadataHandlerProvider {
    private final MetadataHandlerProvider answers;
    private final Map<Class<?>, Object> handlers = new ConcurrentHashMap<>();

    CachingMetadataHandlers(MetadataHandlerProvider answers) {
        this.answers = answers;
    }

    @Override
    public <H extends MetadataHandler<?>> H handler(Class<H> type) {
        return type.cast(handlers.computeIfAbsent(type, t -> caching(type, answers.handler(type))));
    }

    private static <H> H caching(Class<H> type, H target) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (args == null || args.length < 2 || !(args[0] instanceof RelNode rel)
                || !(args[1] instanceof RelMetadataQuery mq)) {
                return call(method, target, args);
            }
            Object key = args.length == 2 ? method : key(method, args);
            Object known = mq.map.get(rel, key);
            if (known == NullSentinel.ACTIVE) {
                throw new CyclicMetadataException();
            }
            if (known != null) {
                return known == NullSentinel.INSTANCE ? null : known;
            }
            mq.map.put(rel, key, NullSentinel.ACTIVE);
            Object answer;
            try {
                answer = call(method, target, args);
            } catch (Throwable t) {
                if (method.getReturnType() != RelOptPredicateList.class || !(rootCause(t) instanceof AssertionError)) {
                    mq.map.remove(rel, key);
                    throw t;
                }
                answer = RelOptPredicateList.EMPTY;
            }
            mq.map.put(rel, key, answer == null ? NullSentinel.INSTANCE : answer);
            return answer;
        }));
    }

    /** The method and the arguments after the node and the query (a predicate, a column set, ...). */
    private static List<Object> key(Method method, Object[] args) {
        Object[] key = Arrays.copyOfRange(args, 1, args.length);
        key[0] = method;
        return Arrays.asList(key);
    }

    private static Throwable rootCause(Throwable t) {
        Throwable cause = t;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static Object call(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
