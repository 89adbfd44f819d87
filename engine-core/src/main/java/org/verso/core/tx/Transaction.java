package org.verso.core.tx;

/** STUB: signatures only, implementation in progress. */
public final class Transaction {
    public long id() { throw new UnsupportedOperationException(); }
    public IsolationLevel isolation() { throw new UnsupportedOperationException(); }
    public boolean isActive() { throw new UnsupportedOperationException(); }
    public void commit() { throw new UnsupportedOperationException(); }
    public void rollback() { throw new UnsupportedOperationException(); }
    public int markStatement() { throw new UnsupportedOperationException(); }
    public void rollbackStatement(int mark) { throw new UnsupportedOperationException(); }
}
