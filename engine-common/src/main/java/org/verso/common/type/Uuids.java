package org.verso.common.type;

import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * UUID values: their text forms, their bytes, and their order. The order is that of the 16 bytes compared unsigned,
 * as PostgreSQL's; {@link UUID#compareTo} compares the two halves as signed numbers, which puts {@code 8...} before
 * {@code 0...}.
 */
public final class Uuids {
    public static final int BYTES = 16;

    private Uuids() {
    }

    public static int compare(UUID a, UUID b) {
        int c = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
        return c != 0 ? c : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    }

    /**
     * The UUID a text stands for, or null: the 32 hexadecimal digits in either case, in groups of 8-4-4-4-12
     * separated by hyphens or not separated at all, optionally inside braces and with blanks around, the forms
     * PostgreSQL accepts.
     */
    public static UUID parse(String text) {
        String s = text.strip();
        if (s.length() >= 2 && s.charAt(0) == '{' && s.charAt(s.length() - 1) == '}') {
            s = s.substring(1, s.length() - 1);
        }
        boolean hyphens = s.length() == 36;
        if (!hyphens && s.length() != 32) {
            return null;
        }
        long high = 0;
        long low = 0;
        int digits = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (hyphens && (i == 8 || i == 13 || i == 18 || i == 23)) {
                if (c != '-') {
                    return null;
                }
                continue;
            }
            int v = Character.digit(c, 16);
            if (v < 0 || c > 'f') {
                return null;
            }
            if (digits < 16) {
                high = high << 4 | v;
            } else {
                low = low << 4 | v;
            }
            digits++;
        }
        return new UUID(high, low);
    }

    public static byte[] toBytes(UUID uuid) {
        return ByteBuffer.allocate(BYTES).putLong(uuid.getMostSignificantBits())
            .putLong(uuid.getLeastSignificantBits()).array();
    }

    public static UUID fromBytes(byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        return new UUID(buffer.getLong(), buffer.getLong());
    }
}
