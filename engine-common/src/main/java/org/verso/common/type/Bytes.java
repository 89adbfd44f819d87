package org.verso.common.type;

import java.util.Arrays;
import java.util.HexFormat;

/** BINARY and VARBINARY helpers of {@link Values}: the hexadecimal text form and zero padding. */
final class Bytes {
    private static final HexFormat HEX = HexFormat.of();

    private Bytes() {
    }

    /** Lower-case hexadecimal digits, two per byte, with no prefix: the text form of a binary value. */
    static String toHex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    /**
     * The bytes that hexadecimal text stands for; an optional {@code \x} prefix (PostgreSQL's output form) is
     * accepted. Null if the text is not an even number of hexadecimal digits.
     */
    static byte[] parseHex(String text) {
        String s = text.trim();
        if (s.startsWith("\\x") || s.startsWith("\\X")) {
            s = s.substring(2);
        }
        if (s.length() % 2 != 0) {
            return null;
        }
        try {
            return HEX.parseHex(s);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** {@code bytes} followed by zero bytes up to {@code length}: the stored form of a BINARY(length) value. */
    static byte[] padded(byte[] bytes, int length) {
        return bytes.length >= length ? bytes : Arrays.copyOf(bytes, length);
    }
}
