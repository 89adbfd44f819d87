package org.verso.core.fault;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.PageChannel;

/**
 * A disk that loses unsynced writes at a power cut, the way a real disk with a volatile write cache may: writes
 * since the last force of a file are pending; {@link #powerCut} keeps a random subset of them, applies them in a
 * random order, may tear one (keep only its first sectors), and writes the surviving state of every file into a
 * new directory. After the cut every channel fails, as the process would have died.
 *
 * <p>Renames and deletions (log segments recycled as spares, retired or dropped files) move or drop a file's
 * state with it, so a recycled segment keeps the bytes of its earlier life, as on a real disk; they count as
 * durable at once (the engine forces the directory after each). Files written outside the channels (the catalog
 * and control file, replaced atomically after a force) are copied as they are.
 */
final class SimulatedDisk implements ChannelFactory {
    private static final int SECTOR = 512;

    private final Path root;
    private final Map<Path, FileState> files = new HashMap<>();
    private volatile boolean dead;
    private int renames;
    private long operations;
    private long dieAfter = Long.MAX_VALUE;
    private boolean full;

    SimulatedDisk(Path root) {
        this.root = root;
    }

    private static final class FileState {
        byte[] durable = new byte[0];
        // The file as the running database sees it: durable plus every pending write, kept up to date on each write
        // so that reads cost no replay. Its length is current.length only up to size.
        byte[] current = new byte[0];
        int size;
        final List<long[]> pendingPositions = new ArrayList<>();
        final List<byte[]> pendingData = new ArrayList<>();

        byte[] current() {
            return Arrays.copyOf(current, size);
        }

        void write(long position, byte[] data) {
            int end = (int) position + data.length;
            if (end > current.length) {
                current = Arrays.copyOf(current, Math.max(end, current.length * 2));
            }
            System.arraycopy(data, 0, current, (int) position, data.length);
            size = Math.max(size, end);
            pendingPositions.add(new long[] {position});
            pendingData.add(data);
        }

        void makeDurable() {
            durable = current();
            pendingPositions.clear();
            pendingData.clear();
        }

        void truncate(long newSize) {
            size = (int) Math.min(newSize, size);
            Arrays.fill(current, size, current.length, (byte) 0);
            makeDurable();
        }
    }

    private static byte[] apply(byte[] image, long position, byte[] data, int length) {
        int end = (int) position + length;
        byte[] out = end > image.length ? Arrays.copyOf(image, end) : image;
        System.arraycopy(data, 0, out, (int) position, length);
        return out;
    }

    @Override
    public synchronized PageChannel open(Path path) throws IOException {
        if (!Files.exists(path)) {
            Files.createDirectories(path.getParent());
            Files.createFile(path);
        }
        FileState state = files.get(path);
        if (state == null) {
            // A file that is on the real disk already (a database left by an earlier cut) starts as durable.
            state = new FileState();
            byte[] existing = Files.readAllBytes(path);
            state.write(0, existing);
            state.makeDurable();
            files.put(path, state);
        }
        FileState opened = state;
        return new PageChannel() {
            @Override
            public int read(ByteBuffer dst, long position) throws IOException {
                synchronized (SimulatedDisk.this) {
                    check();
                    int n = (int) Math.max(0, Math.min(dst.remaining(), opened.size - position));
                    dst.put(opened.current, (int) position, n);
                    return n;
                }
            }

            @Override
            public void write(ByteBuffer src, long position) throws IOException {
                byte[] data = new byte[src.remaining()];
                src.get(data);
                synchronized (SimulatedDisk.this) {
                    checkWrite();
                    opened.write(position, data);
                }
            }

            @Override
            public void force() throws IOException {
                synchronized (SimulatedDisk.this) {
                    checkWrite();
                    opened.makeDurable();
                }
            }

            @Override
            public long size() throws IOException {
                synchronized (SimulatedDisk.this) {
                    check();
                    return opened.size;
                }
            }

            @Override
            public void truncate(long size) throws IOException {
                synchronized (SimulatedDisk.this) {
                    checkWrite();
                    opened.truncate(size);
                }
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public synchronized void move(Path from, Path to) throws IOException {
        check();
        Files.move(from, to);
        renames++;
        FileState state = files.remove(from);
        if (state != null) {
            files.put(to, state);
        }
    }

    @Override
    public synchronized void delete(Path path) throws IOException {
        check();
        Files.deleteIfExists(path);
        files.remove(path);
    }

    /** How many files were renamed (log segments recycled and reused). */
    synchronized int renames() {
        return renames;
    }

    /**
     * Makes the power fail at the {@code operations}-th write, force or truncate from now on (counted over all
     * files): that operation and every later one fail, as every other channel does once {@link #powerCut} runs. With
     * one thread driving the database, the same seed cuts at the same place.
     */
    synchronized void dieAfter(long operations) {
        this.dieAfter = this.operations + operations;
    }

    /** Whether the power has failed. */
    boolean dead() {
        return dead;
    }

    /** While set, writes and forces fail with "No space left on device". */
    synchronized void full(boolean full) {
        this.full = full;
    }

    private void checkWrite() throws IOException {
        check();
        if (++operations >= dieAfter) {
            dead = true;
            check();
        }
        if (full) {
            throw new IOException("No space left on device");
        }
    }

    private void check() throws IOException {
        if (dead) {
            throw new IOException("power lost");
        }
    }

    /**
     * Cuts the power: from now on every channel fails. Writes the state that survives into {@code target} and
     * returns how many pending writes were dropped.
     */
    synchronized int powerCut(Random random, Path target) throws IOException {
        dead = true;
        int dropped = 0;
        copyMetadata(target);
        for (Map.Entry<Path, FileState> e : files.entrySet()) {
            FileState state = e.getValue();
            byte[] image = state.durable;
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < state.pendingData.size(); i++) {
                order.add(i);
            }
            Collections.shuffle(order, random);
            for (int i : order) {
                byte[] data = state.pendingData.get(i);
                long position = state.pendingPositions.get(i)[0];
                int choice = random.nextInt(4);
                if (choice == 0) {
                    dropped++;
                } else if (choice == 1 && data.length > SECTOR) {
                    int sectors = 1 + random.nextInt(data.length / SECTOR);
                    image = apply(image, position, data, Math.min(data.length, sectors * SECTOR));
                } else {
                    image = apply(image, position, data, data.length);
                }
            }
            Path out = target.resolve(root.relativize(e.getKey()));
            Files.createDirectories(out.getParent());
            Files.write(out, image);
        }
        return dropped;
    }

    private void copyMetadata(Path target) throws IOException {
        Files.createDirectories(target);
        for (String name : List.of("catalog.bin", "control.bin")) {
            Path source = root.resolve(name);
            if (Files.exists(source)) {
                Files.copy(source, target.resolve(name));
            }
        }
    }
}
