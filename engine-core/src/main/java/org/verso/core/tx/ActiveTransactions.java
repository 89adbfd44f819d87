package org.verso.core.tx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;

/**
 * The transactions that have begun and not ended, found by txid. Every statement with autocommit begins and ends a
 * transaction, so entering and leaving must cost little: a transaction takes a free slot of a fixed array with one
 * compare-and-set and leaves it with one volatile write, allocating nothing; a map keyed by a boxed txid cost a
 * node, a box and a lock of its bin on every removal (a tenth of a prepared point SELECT's time).
 *
 * <p>A transaction's slot is one of the {@link #PROBES} slots that follow the one its txid hashes to; finding a
 * txid looks at those slots only. Only when all of them are taken (many more transactions running than slots) does it
 * go to the overflow map, which is otherwise empty and not looked at.
 *
 * <p>Thread safety: all methods may be called from any thread. A transaction is visible to {@link #forEach} and
 * {@link #get} from the end of {@link #add} until {@link #remove}: the slot write is volatile, so a scan that
 * starts after {@code add} returned sees it (what {@link TransactionManager#oldestSnapshot} relies on).
 */
final class ActiveTransactions {
    /** Slots of the array; sequential txids are spread over it, so that neighbours in time do not share a line. */
    private static final int SLOTS = 512;
    private static final int PROBES = 8;
    private static final int OVERFLOW = -1;

    private final AtomicReferenceArray<Transaction> slots = new AtomicReferenceArray<>(SLOTS);
    private final Map<Long, Transaction> overflow = new ConcurrentHashMap<>();

    /** Enters {@code tx}, whose txid no running transaction has. */
    void add(Transaction tx) {
        int home = home(tx.id());
        for (int i = 0; i < PROBES; i++) {
            int slot = (home + i) & (SLOTS - 1);
            if (slots.get(slot) == null) {
                tx.setSlot(slot); // before the compare-and-set publishes it: another thread may end the transaction
                if (slots.compareAndSet(slot, null, tx)) {
                    return;
                }
            }
        }
        tx.setSlot(OVERFLOW);
        overflow.put(tx.id(), tx);
    }

    /** Removes {@code tx}, which {@link #add} entered. */
    void remove(Transaction tx) {
        int slot = tx.slot();
        if (slot == OVERFLOW) {
            overflow.remove(tx.id());
        } else {
            slots.set(slot, null);
        }
    }

    /** The running transaction with txid {@code txid}, or null. */
    Transaction get(long txid) {
        int home = home(txid);
        for (int i = 0; i < PROBES; i++) {
            Transaction tx = slots.get((home + i) & (SLOTS - 1));
            if (tx != null && tx.id() == txid) {
                return tx;
            }
        }
        return overflow.isEmpty() ? null : overflow.get(txid);
    }

    /** Calls {@code action} for every running transaction (weakly consistent, as a concurrent map's iteration is). */
    void forEach(Consumer<Transaction> action) {
        for (int i = 0; i < SLOTS; i++) {
            Transaction tx = slots.get(i);
            if (tx != null) {
                action.accept(tx);
            }
        }
        if (!overflow.isEmpty()) {
            overflow.values().forEach(action);
        }
    }

    /** The running transactions, copied. */
    List<Transaction> list() {
        List<Transaction> all = new ArrayList<>();
        forEach(all::add);
        return all;
    }

    int size() {
        int[] n = new int[1];
        forEach(tx -> n[0]++);
        return n[0];
    }

    /** Fibonacci hashing: consecutive txids land far apart. */
    private static int home(long txid) {
        return (int) ((txid * 0x9E3779B97F4A7C15L) >>> (64 - Integer.numberOfTrailingZeros(SLOTS)));
    }
}
