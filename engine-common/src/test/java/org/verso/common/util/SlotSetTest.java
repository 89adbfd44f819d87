package org.verso.common.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Random adds and removes against an identity set: the same members, each knowing its position, none twice. */
class SlotSetTest {
    private static final class Member {
        int slot = SlotSet.NONE;
    }

    private static SlotSet<Member> newSet() {
        return new SlotSet<>(m -> m.slot, (m, slot) -> m.slot = slot);
    }

    @Test
    void randomAddsAndRemovesKeepTheMembers() {
        long seed = System.nanoTime();
        System.out.println("SlotSetTest seed=" + seed);
        Random random = new Random(seed);
        SlotSet<Member> set = newSet();
        SlotSet<Member> other = newSet();
        Set<Member> expected = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Member> pool = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            pool.add(new Member());
        }
        Member stranger = new Member();
        other.add(stranger); // a member of another set, at a position this set also uses
        for (int step = 0; step < 100_000; step++) {
            Member m = pool.get(random.nextInt(random.nextBoolean() ? 10 : pool.size()));
            if (random.nextInt(3) > 0) {
                set.add(m);
                expected.add(m);
            } else {
                set.remove(m);
                expected.remove(m);
            }
            set.remove(stranger);
            if (step % 1000 == 0 || step == 99_999) {
                String context = "seed " + seed + ", step " + step;
                assertEquals(expected.size(), set.size(), context);
                List<Member> listed = set.list();
                Set<Member> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
                distinct.addAll(listed);
                assertEquals(listed.size(), distinct.size(), context);
                assertEquals(expected, distinct, context);
                for (Member p : pool) {
                    assertEquals(expected.contains(p), set.contains(p), context);
                }
                assertFalse(set.contains(stranger), context);
                assertTrue(other.contains(stranger), context);
            }
        }
        set.clear();
        assertTrue(set.isEmpty());
        for (Member p : pool) {
            assertEquals(SlotSet.NONE, p.slot);
        }
    }
}
