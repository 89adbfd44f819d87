package org.verso.storage.io;

import java.io.IOException;
import java.nio.ByteBuffer;

/** A page channel that passes every call to another one; fault-injecting channels override what they change. */
public class ForwardingPageChannel implements PageChannel {
    private final PageChannel inner;

    public ForwardingPageChannel(PageChannel inner) {
        this.inner = inner;
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return inner.read(dst, position);
    }

    @Override
    public void write(ByteBuffer src, long position) throws IOException {
        inner.write(src, position);
    }

    @Override
    public void force() throws IOException {
        inner.force();
    }

    @Override
    public long size() throws IOException {
        return inner.size();
    }

    @Override
    public void truncate(long size) throws IOException {
        inner.truncate(size);
    }

    @Override
    public void close() throws IOException {
        inner.close();
    }
}
