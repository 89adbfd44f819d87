package org.verso.core;

import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/** STUB: signatures only, implementation in progress. */
public final class Database implements AutoCloseable {
    public static Database open(DatabaseConfig config) { throw new UnsupportedOperationException(); }
    public String name() { throw new UnsupportedOperationException(); }
    public Catalog catalog() { throw new UnsupportedOperationException(); }
    public Transaction begin(IsolationLevel isolation) { throw new UnsupportedOperationException(); }
    public TableDefinition createTable(TableDefinition definition) { throw new UnsupportedOperationException(); }
    public void dropTable(String name) { throw new UnsupportedOperationException(); }
    public Table table(String name) { throw new UnsupportedOperationException(); }
    public boolean isClosed() { throw new UnsupportedOperationException(); }
    @Override public void close() { throw new UnsupportedOperationException(); }
}
