package org.verso.core.fault;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
     * made (no recovery needs it, and a crash just after its deletion would not have it either).
     */
    static void copyDatabase(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (!p.getFileName().toString().equals("verso.lock")) {
                    try {
                        Files.copy(p, target);
                    } catch (java.nio.file.NoSuchFileException e) {
                        // given back meanwhile
                    }
                }
            }
        }
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
