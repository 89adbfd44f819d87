/**
 * The Verso SQL shell: {@link org.verso.jdbc.shell.VersoShell} (arguments, the reading loop and shell commands),
 * {@code StatementSplitter} (statement boundaries), {@code ShellInput} (terminal with JLine, or plain lines) and
 * {@code ResultPrinter} (tables, command tags, errors). It talks to the database only through JDBC.
 */
package org.verso.jdbc.shell;
