package org.verso.common;

/**
 * The one unchecked exception type of the engine modules. It carries an {@link ErrorCode}, and so an SQLState;
 * the JDBC driver turns it into an {@link java.sql.SQLException} with that state and message.
 */
public final class VersoException extends RuntimeException {
    private final ErrorCode code;

    public VersoException(ErrorCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }

    public String sqlState() {
        return code.sqlState();
    }
}
