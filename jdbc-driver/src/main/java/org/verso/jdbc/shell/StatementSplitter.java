package org.verso.jdbc.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts input lines into SQL statements at each {@code ;} that is not inside a string literal ({@code '...'}), a
 * quoted identifier ({@code "..."}) or a comment ({@code -- ...} to the end of the line, {@code /* ... *}{@code /}).
 * Statements may span lines. Comments are dropped from the statements returned; a doubled quote inside a literal
 * needs no special case, because it simply leaves and re-enters the literal.
 */
final class StatementSplitter {
    private enum State { CODE, STRING, IDENTIFIER, BLOCK_COMMENT }

    private final StringBuilder pending = new StringBuilder();
    private State state = State.CODE;

    /** Adds one line and returns the statements it completes, trimmed and without their {@code ;}. */
    List<String> feed(String line) {
        List<String> complete = new ArrayList<>();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            char next = i + 1 < line.length() ? line.charAt(i + 1) : '\0';
            switch (state) {
                case CODE:
                    if (c == '-' && next == '-') {
                        i = line.length();
                    } else if (c == '/' && next == '*') {
                        state = State.BLOCK_COMMENT;
                        pending.append(' ');
                        i++;
                    } else if (c == ';') {
                        String statement = pending.toString().trim();
                        if (!statement.isEmpty()) {
                            complete.add(statement);
                        }
                        pending.setLength(0);
                    } else {
                        if (c == '\'') {
                            state = State.STRING;
                        } else if (c == '"') {
                            state = State.IDENTIFIER;
                        }
                        pending.append(c);
                    }
                    break;
                case STRING:
                case IDENTIFIER:
                    pending.append(c);
                    if (c == (state == State.STRING ? '\'' : '"')) {
                        state = State.CODE;
                    }
                    break;
                case BLOCK_COMMENT:
                    if (c == '*' && next == '/') {
                        state = State.CODE;
                        i++;
                    }
                    break;
                default:
                    throw new IllegalStateException(state.name());
            }
        }
        if (pending.length() > 0 && state != State.BLOCK_COMMENT) {
            pending.append('\n');
        }
        return complete;
    }

    /** True when no statement has been started: the next line may be a shell command. */
    boolean isEmpty() {
        return state == State.CODE && pending.toString().isBlank();
    }

    /** The unfinished statement at the end of the input (empty if none), and a fresh start. */
    String takeRemainder() {
        String rest = pending.toString().trim();
        reset();
        return rest;
    }

    /** Forgets the unfinished statement. */
    void reset() {
        pending.setLength(0);
        state = State.CODE;
    }
}
