package org.verso.storage.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.verso.storage.io.IoCounters;

/** The heap contract for SIAS, whose I/O promise is that pages are written once each, in append order. */
class SiasHeapContractTest extends AbstractTableHeapContractTest {
    @Override
    protected String layout() {
        return "SIAS";
    }

    @Override
    protected void checkWritePattern(IoCounters heapIo, long heapPages) {
        assertEquals(0, heapIo.randomWrites(), "SIAS never writes anywhere but the end of its append region");
        assertEquals(heapIo.pagesWritten(), heapIo.sequentialWrites());
        assertEquals(heapPages, heapIo.pagesWritten(), "every page was written exactly once");
    }
}
