package org.verso.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystemException;
import org.junit.jupiter.api.Test;

class IoFailuresTest {
    @Test
    void fullDeviceAndQuotaAreDiskFull() {
        assertTrue(IoFailures.isDiskFull(new IOException("No space left on device")));
        assertTrue(IoFailures.isDiskFull(new FileSystemException("/data/x", null, "Disk quota exceeded")));
        assertTrue(IoFailures.isDiskFull(new IOException("write failed", new IOException("errno ENOSPC"))));
        assertFalse(IoFailures.isDiskFull(new IOException("Input/output error")));
        assertFalse(IoFailures.isDiskFull(new IOException((String) null)));
    }

    @Test
    void mappedErrorsCarryTheirStateFileAndCause() {
        IOException full = new IOException("No space left on device");
        VersoException e = IoFailures.of(full, "heap-7.dat");
        assertEquals(SqlState.DISK_FULL, e.sqlState());
        assertTrue(e.getMessage().contains("heap-7.dat"), e.getMessage());
        assertSame(full, e.getCause());

        VersoException io = IoFailures.of(new IOException("Input/output error"), "wal");
        assertEquals(SqlState.IO_ERROR, io.sqlState());
        assertTrue(io.getMessage().contains("Input/output error"), io.getMessage());
    }
}
