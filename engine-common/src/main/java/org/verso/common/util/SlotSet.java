package org.verso.common.util;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ObjIntConsumer;
import java.util.function.ToIntFunction;

/**
 * The open members of one owner (a session's cursors, a connection's statements), which come and go with every
 * statement: adding and removing one takes constant time, hashes nothing and, once the array has grown, allocates
 * nothing. Each member keeps its own position in the set (read and written through the accessors given), so a
 * removal moves the last member into the freed position; the order of members is not kept. A member is in at
 * most one set at a time.
 *
 * <p>Not thread safe: the owner serialises its calls.
 */
public final class SlotSet<T> {
    /** The position a member has while it is in no set; members start with it. */
    public static final int NONE = -1;

    private final ToIntFunction<T> slotOf;
    private final ObjIntConsumer<T> setSlot;
    private Object[] members = new Object[4];
    private int size;

    /** {@code slotOf} and {@code setSlot} read and write a member's position, {@link #NONE} while outside. */
    public SlotSet(ToIntFunction<T> slotOf, ObjIntConsumer<T> setSlot) {
        this.slotOf = slotOf;
        this.setSlot = setSlot;
    }

    /** Adds {@code member}, unless it is already in. */
    public void add(T member) {
        if (contains(member)) {
            return;
        }
        if (size == members.length) {
            members = Arrays.copyOf(members, size * 2);
        }
        members[size] = member;
        setSlot.accept(member, size++);
    }

    /** Removes {@code member}, if it is in. */
    public void remove(T member) {
        if (!contains(member)) {
            return;
        }
        int slot = slotOf.applyAsInt(member);
        @SuppressWarnings("unchecked")
        T last = (T) members[--size];
        members[slot] = last;
        setSlot.accept(last, slot);
        members[size] = null;
        setSlot.accept(member, NONE);
    }

    public boolean contains(T member) {
        int slot = slotOf.applyAsInt(member);
        return slot >= 0 && slot < size && members[slot] == member;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The members, copied: the caller may remove them while it goes through the copy. */
    public List<T> list() {
        List<T> all = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            @SuppressWarnings("unchecked")
            T member = (T) members[i];
            all.add(member);
        }
        return all;
    }

    /** Removes every member. */
    public void clear() {
        for (T member : list()) {
            remove(member);
        }
    }
}
