package org.verso.bench.storage;

import java.lang.management.ManagementFactory;

/** CPU time this JVM has used, all threads together; -1 if the platform does not report it. */
final class ProcessCpu {
    private ProcessCpu() {
    }

    static long nanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
