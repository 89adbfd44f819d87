package org.verso.storage.page;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The pool's primitive page table against a HashMap, under random puts, gets and removals. */
class PageTableTest {
    @Test
    void randomOperationsMatchAHashMap() {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("PageTableTest seed=" + seed);
        Random random = new Random(seed);
        int frames = 64;
        PageTable table = new PageTable(frames);
        Map<Long, Integer> model = new HashMap<>();
        List<Long> keys = new ArrayList<>();
        for (int op = 0; op < 200_000; op++) {
            long key = ((long) random.nextInt(4) << 40) | random.nextInt(200);
            int choice = random.nextInt(3);
            if (choice == 0 && (model.size() < 4 * frames || model.containsKey(key))) {
                int frame = random.nextInt(frames);
                table.put(key, frame);
                if (!model.containsKey(key)) {
                    keys.add(key);
                }
                model.put(key, frame);
            } else if (choice == 1 && !keys.isEmpty()) {
                long victim = keys.remove(random.nextInt(keys.size()));
                table.remove(victim);
                model.remove(victim);
            } else {
                assertEquals(model.getOrDefault(key, -1).intValue(), table.get(key), "key " + key);
            }
        }
        for (long key : keys) {
            assertEquals(model.get(key).intValue(), table.get(key));
        }
    }
}
