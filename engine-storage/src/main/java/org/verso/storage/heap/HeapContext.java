package org.verso.storage.heap;

import java.util.List;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.tuple.RowCodec;
import org.verso.storage.txlog.CommitHorizon;
import org.verso.storage.wal.RedoLog;

/**
 * What a {@link HeapLayout} is given to open one table's heap: the table's id and name (for records and messages),
 * its row codec, its page file and the buffer pool, the log its changes go to, the commit log's answers while the
 * database opens, a sink for the largest txid found in the heap (so the clock can be set past it), the file of its
 * version directory's image, its two slots ({@link org.verso.storage.version.DirectoryImage}; none in an in-memory
 * database),
 * the horizon of commits that survive any crash (the image holds only versions committed at or below it, and
 * records the commit-log floor that opening it needs), and the commit log's confirmed horizon, which the trusted
 * horizon of every later checkpoint reaches at least.
 */
public record HeapContext(long tableId, String tableName, RowCodec codec, PageFile file, BufferPool pool,
                          RedoLog log, CommitLookup commits, LongConsumer maxTxidSeen, List<PageFile> imageFiles,
                          Supplier<CommitHorizon> trustedHorizon, LongSupplier confirmedHorizon) {
}
