package org.verso.storage.heap;

/**
 * A heap layout: how a table's versions are placed on pages. The catalog names a layout per table; the
 * {@link HeapLayouts} registry maps the name to its implementation, which opens (and, for an existing table,
 * rebuilds the in-memory state of) the table's heap.
 */
public interface HeapLayout {
    /** The name the catalog stores ({@code SIAS}). */
    String name();

    /** Opens the heap described by {@code context}, creating its file if it is new. */
    TableHeap open(HeapContext context);
}
