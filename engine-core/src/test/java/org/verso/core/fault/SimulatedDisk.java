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
 * <p>Every file of the database goes through it: page files, log segments and the metadata files (catalog, control
 * file), which are written to a temporary file, forced and renamed into place. Directories are modelled too:
 * creating, renaming and deleting a file changes a name, and a name change is certain to survive only once its
 * directory is forced; at the cut, each directory keeps its forced names plus a random prefix (in order) of the
 * changes made since. A rename moves a file's contents with it, so a recycled log segment keeps the bytes of its
 * earlier life, as on a real disk.
 */
final class SimulatedDisk implements ChannelFactory {
    private static final int SECTOR = 512;

    private final Path root;
    // Names as the running database sees them, and the names a power cut keeps for certain.
    private final Map<Path, FileState> files = new HashMap<>();
    private final Map<Path, FileState> durableNames = new HashMap<>();
    private final List<NameChange> pendingNames = new ArrayList<>();
    private volatile boolean dead;
    private int renames;
    private long operations;
    private long dieAfter = Long.MAX_VALUE;
    private boolean full;

    /** A name change since its directory was last forced: {@code removed} and/or {@code added} (with its file). */
    private record NameChange(Path directory, Path removed, Path added, FileState state) {
        void applyTo(Map<Path, FileState> names) {
            if (removed != null) {
                names.remove(removed);
            }
            if (added != null) {
                names.put(added, state);
            }
        }
    }

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
        check();
        FileState state = files.get(path);
        if (state == null && Files.exists(path)) {
            // A file on the real disk already (a database left by an earlier cut): durable, contents and name.
            state = new FileState();
            state.write(0, Files.readAllBytes(path));
            state.makeDurable();
            files.put(path, state);
            durableNames.put(path, state);
        } else if (state == null) {
            Files.createDirectories(path.getParent());
            Files.createFile(path);
            state = new FileState();
            files.put(path, state);
            pendingNames.add(new NameChange(path.getParent(), null, path, state));
        }
        FileState opened = state;
        return new PageChannel() {
            @Override
            public int read(ByteBuffer dst, long position) throws IOException {
                synchronized (SimulatedDisk.this) {
                    check();
                    if (position >= opened.size) {
                        return -1; // at or past the end, as a FileChannel answers
                    }
                    int n = (int) Math.min(dst.remaining(), opened.size - position);
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
        Files.move(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        renames++;
        FileState state = files.remove(from);
        files.put(to, state);
        pendingNames.add(new NameChange(to.getParent(), from, to, state));
    }

    @Override
    public synchronized void delete(Path path) throws IOException {
        check();
        Files.deleteIfExists(path);
        files.remove(path);
        pendingNames.add(new NameChange(path.getParent(), path, null, null));
    }

    @Override
    public synchronized void forceDirectory(Path directory) throws IOException {
        checkWrite();
        for (java.util.Iterator<NameChange> it = pendingNames.iterator(); it.hasNext(); ) {
            NameChange change = it.next();
            if (change.directory().equals(directory)) {
                change.applyTo(durableNames);
                it.remove();
            }
        }
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
        Files.createDirectories(target);
        // Each directory keeps a prefix of its unforced name changes: a file system applies them in order.
        Map<Path, FileState> names = new HashMap<>(durableNames);
        Map<Path, List<NameChange>> byDirectory = new java.util.TreeMap<>();
        for (NameChange change : pendingNames) {
            byDirectory.computeIfAbsent(change.directory(), d -> new ArrayList<>()).add(change);
        }
        for (List<NameChange> changes : byDirectory.values()) {
            int kept = random.nextInt(changes.size() + 1);
            for (int i = 0; i < kept; i++) {
                changes.get(i).applyTo(names);
            }
        }
        for (Map.Entry<Path, FileState> e : new java.util.TreeMap<>(names).entrySet()) {
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
}
