package org.verso.jdbc.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/** Where the shell's lines come from: a terminal with line editing and history, or a plain reader (file, pipe). */
interface ShellInput extends AutoCloseable {
    /** The next line, or null at the end of the input. Throws {@link Interrupted} when the user pressed Ctrl-C. */
    String readLine(String prompt);

    @Override
    void close();

    /** The user abandoned the current input (Ctrl-C): the shell drops the unfinished statement. */
    final class Interrupted extends RuntimeException {
        Interrupted() {
            super("interrupted", null, false, false);
        }
    }

    /** Lines of a file or pipe; prompts are not shown. */
    static ShellInput plain(BufferedReader reader) {
        return new ShellInput() {
            @Override
            public String readLine(String prompt) {
                try {
                    return reader.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public void close() {
                // The caller owns the reader.
            }
        };
    }

    /** A JLine terminal with line editing, keeping its history in {@code historyFile}. */
    static ShellInput terminal(Path historyFile) throws IOException {
        Terminal terminal = TerminalBuilder.builder().system(true).build();
        // SQL is not shell syntax: quotes and backslashes are the statement's business (the splitter's), and '!'
        // (as in !=) must not trigger history expansion.
        DefaultParser parser = new DefaultParser();
        parser.setEofOnUnclosedQuote(false);
        parser.setEscapeChars(new char[0]);
        LineReader reader = LineReaderBuilder.builder()
            .terminal(terminal)
            .parser(parser)
            .variable(LineReader.HISTORY_FILE, historyFile)
            .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
            .build();
        return new ShellInput() {
            @Override
            public String readLine(String prompt) {
                try {
                    return reader.readLine(prompt);
                } catch (UserInterruptException e) {
                    throw new Interrupted();
                } catch (EndOfFileException e) {
                    return null;
                }
            }

            @Override
            public void close() {
                try {
                    reader.getHistory().save();
                    terminal.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }
}
