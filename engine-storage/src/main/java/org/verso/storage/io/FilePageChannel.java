package org.verso.storage.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A {@link PageChannel} over a {@link FileChannel}. */
public final class FilePageChannel implements PageChannel {
    private final FileChannel channel;

    public FilePageChannel(Path path) throws IOException {
        this.channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
            StandardOpenOption.WRITE);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        int total = 0;
        while (dst.hasRemaining()) {
            int n = channel.read(dst, position + total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    @Override
    public void write(ByteBuffer src, long position) throws IOException {
        long at = position;
        while (src.hasRemaining()) {
            at += channel.write(src, at);
        }
    }

    @Override
    public void force() throws IOException {
        channel.force(false);
    }

    @Override
    public long size() throws IOException {
        return channel.size();
    }

    @Override
    public void truncate(long size) throws IOException {
        channel.truncate(size);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
