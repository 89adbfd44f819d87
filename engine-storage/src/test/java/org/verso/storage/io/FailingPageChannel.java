package org.verso.storage.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.BooleanSupplier;

/**
 * A page channel whose writes fail with {@code message} while {@link #failWrites} is set, or whenever the given
 * decision says so; it keeps its pages in memory, or passes to another channel.
 */
public final class FailingPageChannel extends ForwardingPageChannel {
    private final String message;
    private final BooleanSupplier failNow;
    private volatile boolean failing;

    /** {@code message} is the failure's, e.g. "No space left on device" for a full disk. */
    public FailingPageChannel(String message) {
        this(new MemoryPageChannel(), message, () -> false);
    }

    /** Writes to {@code inner}, failing also each one for which {@code failNow} answers true. */
    public FailingPageChannel(PageChannel inner, String message, BooleanSupplier failNow) {
        super(inner);
        this.message = message;
        this.failNow = failNow;
    }

    public void failWrites(boolean fail) {
        this.failing = fail;
    }

    @Override
    public void write(ByteBuffer src, long position) throws IOException {
        if (failing || failNow.getAsBoolean()) {
            throw new IOException(message);
        }
        super.write(src, position);
    }
}
