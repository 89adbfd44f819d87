package org.verso.storage.wal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.verso.common.ErrorCode;

/**
 * The type of a write-ahead log record: a one-byte code stored in the record, and a name for messages. Each type is
 * declared by the structure that writes and redoes it (the append regions, the commit log, later the index pages and
 * the other heap layouts), and at recovery a {@link RedoHandler} per type replays it. Codes are unique: declaring a
 * code twice fails.
 */
public final class RecordType {
    private static final Map<Byte, RecordType> DECLARED = new ConcurrentHashMap<>();

    private final byte code;
    private final String name;

    private RecordType(byte code, String name) {
        this.code = code;
        this.name = name;
    }

    /** Declares the record type with this code; called once per type, in the owner's static initialiser. */
    public static RecordType declare(int code, String name) {
        RecordType type = new RecordType((byte) code, name);
        RecordType previous = DECLARED.putIfAbsent(type.code, type);
        if (previous != null) {
            throw ErrorCode.INTERNAL_ERROR.exception("log record code " + code + " declared twice: " + previous.name
                + " and " + name);
        }
        return type;
    }

    /** The name of the type declared with {@code code} (once its owner's class is loaded), or "type " + code. */
    public static String nameOf(byte code) {
        RecordType type = DECLARED.get(code);
        return type == null ? "type " + code : type.name;
    }

    public byte code() {
        return code;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name + "(" + code + ")";
    }
}
