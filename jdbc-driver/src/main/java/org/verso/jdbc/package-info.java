/**
 * Verso's embedded JDBC driver.
 *
 * <p>The classes by purpose:
 * <ul>
 *   <li>Connecting: {@link org.verso.jdbc.VersoDriver} (registration, {@code connect}),
 *       {@link org.verso.jdbc.ConnectionUrl} (URL and settings), {@code DatabaseRegistry} (one open Database and
 *       SqlEngine per directory or memory name, reference counted over its connections).</li>
 *   <li>Running SQL: {@link org.verso.jdbc.VersoConnection} (one engine Session: transaction, autocommit,
 *       isolation), {@link org.verso.jdbc.VersoStatement}, {@link org.verso.jdbc.VersoPreparedStatement}.</li>
 *   <li>Reading results: {@link org.verso.jdbc.VersoResultSet} over engine rows or in-memory rows
 *       ({@code ResultRows.of}), with {@code ValueConversions} for the getters and {@code JdbcTypes} for type
 *       descriptions; {@link org.verso.jdbc.VersoDatabaseMetaData} with {@code CatalogResultSets}.</li>
 *   <li>Errors: {@link org.verso.jdbc.SqlExceptions} maps every engine exception to a JDBC exception by SQLState
 *       class, with the engine's state and message and vendor code 0.</li>
 * </ul>
 *
 * <p>Threading and lock order. A connection's calls into its Session hold the connection's monitor, so a
 * connection used by several threads runs one statement at a time; statements and result sets are not thread
 * safe. Locks are taken in this order and never the other way round: the connection's monitor, then its set of
 * open statements, then {@code DatabaseRegistry}'s monitor (opening and closing databases). Closing a connection
 * releases its monitor before it closes statements and releases the database.
 */
package org.verso.jdbc;
