/**
 * Verso's embedded JDBC driver: a thin client of engine-sql's API package ({@code org.verso.sql.api}), holding no
 * engine state of its own. {@code ArchitectureTest} checks that it uses nothing else of the engine.
 *
 * <p>The classes by purpose:
 * <ul>
 *   <li>Connecting: {@link org.verso.jdbc.VersoDriver} (registration, {@code connect}), {@code ConnectionUrl}
 *       (splits the URL into a location and settings, which the engine's {@code DatabaseSettings} checks). Each
 *       connection holds a lease from the engine's {@code Databases} registry.</li>
 *   <li>Running SQL: {@link org.verso.jdbc.VersoConnection} (one engine {@code SqlSession}: transaction,
 *       autocommit, isolation), {@link org.verso.jdbc.VersoStatement}, {@link org.verso.jdbc.VersoPreparedStatement};
 *       each execution carries an engine {@code Cancellation} for {@code cancel} and the query timeout.</li>
 *   <li>Reading results: {@link org.verso.jdbc.VersoResultSet} over the engine's streaming rows or rows in memory
 *       ({@code ResultRows.of}); engine-common's {@code Values} converts for the getters, {@code JdbcObjects} picks
 *       the classes getObject returns and {@code JdbcTypes} describes types.
 *       {@link org.verso.jdbc.VersoDatabaseMetaData} asks INFORMATION_SCHEMA with SQL ({@code MetaDataQueries}) and
 *       answers the rest from {@code FixedResultSets}.</li>
 *   <li>Errors: {@link org.verso.jdbc.SqlExceptions} maps every engine exception to a JDBC exception by SQLState
 *       class, with the engine's state and message and vendor code 0; every state comes from engine-common's
 *       {@code SqlState}.</li>
 * </ul>
 *
 * <p>Threading and lock order. A connection's calls into its session, including reading a result set's rows, hold
 * the connection's monitor, so a connection used by several threads runs one statement at a time; statements and
 * result sets are not thread safe. {@link java.sql.Statement#cancel()} is the exception: it takes no lock and only
 * sets the running execution's cancel flag. Locks are taken in this order and never the other way round: the
 * connection's monitor, then its set of open statements, then (inside the engine) the database registry's monitor.
 * Closing a connection first cancels the statements running in it, then takes its monitor.
 */
package org.verso.jdbc;
