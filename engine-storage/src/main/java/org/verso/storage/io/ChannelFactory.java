package org.verso.storage.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Opens the channel beneath a database file. The default opens real files; fault-injection tests substitute
 * channels that fail or drop writes.
 */
@FunctionalInterface
public interface ChannelFactory {
    /** Real files through {@link FilePageChannel}. */
    ChannelFactory FILES = FilePageChannel::new;

    PageChannel open(Path path) throws IOException;
}
