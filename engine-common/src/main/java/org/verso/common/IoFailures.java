package org.verso.common;

import java.io.IOException;
import java.util.Locale;

/**
 * The one place that decides what a failed file operation means for the user: a full disk or exceeded quota is
 * {@link ErrorCode#DISK_FULL} (53100), which a client may wait out, and anything else is
 * {@link ErrorCode#IO_ERROR} (58030).
 *
 * <p>Java reports ENOSPC and EDQUOT only through the message of a plain {@link IOException} (the text comes from
 * the operating system's strerror), so the classification reads the message of the exception and of its causes.
 */
public final class IoFailures {
    private static final String[] DISK_FULL_MESSAGES = {"no space left", "enospc", "disk quota", "edquot"};

    private IoFailures() {
    }

    /** True if the failure (or one of its causes) says the device or the user's quota is full. */
    public static boolean isDiskFull(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            if (message != null) {
                String lower = message.toLowerCase(Locale.ROOT);
                for (String marker : DISK_FULL_MESSAGES) {
                    if (lower.contains(marker)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The engine error for a failed write, read or force of {@code file} (a path or name, for the message). */
    public static VersoException of(IOException failure, Object file) {
        if (isDiskFull(failure)) {
            return ErrorCode.DISK_FULL.exception(failure, file);
        }
        return ErrorCode.IO_ERROR.exception(failure, file, String.valueOf(failure.getMessage()));
    }
}
