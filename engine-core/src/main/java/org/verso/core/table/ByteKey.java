package org.verso.core.table;

import java.util.Arrays;

/** An encoded key with value equality, for hash sets and maps of keys. */
record ByteKey(byte[] bytes) {
    @Override
    public boolean equals(Object o) {
        return o instanceof ByteKey k && Arrays.equals(k.bytes, bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
