package org.verso.core.fault;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.FilePageChannel;
import org.verso.storage.io.PageChannel;

/** Real files whose writes fail with "No space left on device" while {@link #full} is set. */
final class FailingChannels implements ChannelFactory {
    final AtomicBoolean full = new AtomicBoolean();

    @Override
    public PageChannel open(Path path) throws IOException {
        PageChannel file = new FilePageChannel(path);
        return new PageChannel() {
            @Override
            public int read(ByteBuffer dst, long position) throws IOException {
                return file.read(dst, position);
            }

            @Override
            public void write(ByteBuffer src, long position) throws IOException {
                if (full.get()) {
                    throw new IOException("No space left on device");
                }
                file.write(src, position);
            }

            @Override
            public void force() throws IOException {
                if (full.get()) {
                    throw new IOException("No space left on device");
                }
                file.force();
            }

            @Override
            public long size() throws IOException {
                return file.size();
            }

            @Override
            public void truncate(long size) throws IOException {
                file.truncate(size);
            }

            @Override
            public void close() throws IOException {
                file.close();
            }
        };
    }
}
