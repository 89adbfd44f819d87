package org.verso.core.fault;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.verso.common.RowCursor;
import org.verso.core.Database;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/** What the single-process fault tests share: crash-consistent copies of a database, and counting its rows. */
final class CrashCopies {
    private CrashCopies() {
    }

    /**
     * Copies the files of an open database: what a crash at this moment leaves, since every acknowledged commit is
     * in the log files already. The lock file is left behind, and so is a heap segment given back while the copy is
     * made (no recovery needs it, and a crash just after its deletion would not have it either). Background work may
     * still write pages meanwhile, so the copy goes in the order a crash would make consistent: the control file
     * (the redo point) first, the log last, so that every page copied was logged in the copied log. No checkpoint
     * may run meanwhile: it would advance the redo point and give back log the copied control file still needs.
     */
    static void copyDatabase(Path from, Path to) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(from)) {
            files = walk.sorted(Comparator.comparingInt(p -> copyOrder(from.relativize(p)))).toList();
        }
        for (Path p : files) {
            Path target = to.resolve(from.relativize(p).toString());
            if (Files.isDirectory(p)) {
                Files.createDirectories(target);
            } else if (!p.getFileName().toString().equals("verso.lock")) {
                Files.createDirectories(target.getParent());
                try {
                    Files.copy(p, target);
                } catch (java.nio.file.NoSuchFileException e) {
                    // given back meanwhile
                }
            }
        }
    }

    private static int copyOrder(Path relative) {
        if (relative.toString().equals("control.bin")) {
            return 0;
        }
        return relative.getNameCount() > 0 && relative.getName(0).toString().equals("wal") ? 2 : 1;
    }

    /** The number of rows of {@code table} a new snapshot sees. */
    static int count(Database db, String table) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        int rows = 0;
        try (RowCursor c = db.table(table).scan(tx)) {
            while (c.next()) {
                rows++;
            }
        }
        tx.commit();
        return rows;
    }
}
