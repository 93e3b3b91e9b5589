/**
 * Whether an error means the database cannot be reached at all (down, restarting, killed
 * connections, no free connection), as opposed to a query the database refused. The exception
 * handler answers the first with 503 and Retry-After: the same request is likely to succeed in
 * a moment. A refused query (a constraint, a syntax error) is a fault and stays a 500.
 */

/**
 * The driver's codes of a connection that is gone or never came. A socket error (ECONNREFUSED,
 * ETIMEDOUT, ...) counts only as mysql2 reports it, marked fatal: the same code from a mail or
 * storage server is not a database outage.
 */
const CONNECTION_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_NET_READ_ERROR',
  'ER_NET_READ_INTERRUPTED',
  'ER_NET_ERROR_ON_WRITE',
  'ER_NET_WRITE_INTERRUPTED',
  'CR_CONNECTION_ERROR',
  'CR_CONN_HOST_ERROR',
  'CR_SERVER_GONE_ERROR',
  'CR_SERVER_LOST',
])

/**
 * The server's numbers for the same: too many connections (1040, 1203), shutdown (1053),
 * network read/write (1158-1161), connection killed (1927, MariaDB), and the client's
 * can't connect (2002, 2003), server has gone away (2006), lost connection (2013, 2055).
 */
const CONNECTION_ERRNOS = new Set([1040, 1053, 1158, 1159, 1160, 1161, 1203, 1927, 2002, 2003, 2006, 2013, 2055])

/**
 * What the pool and the drivers say in words when they carry no code. Only errors without a
 * code are read: a refused query's message quotes its SQL, values and all.
 */
const CONNECTION_MESSAGES =
  /Timeout acquiring a connection|Unable to acquire a connection|Connection lost|server has gone away|Lost connection to (?:MySQL|MariaDB)? ?server|Connection was killed|Can't add new command when connection is in closed state|Too many connections/i

export function isDatabaseUnavailable(error: unknown): boolean {
  // Lucid and the pool may wrap the driver's error: look a few causes deep.
  let current: unknown = error
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const { name, code, errno, fatal, message } = current as {
      name?: unknown
      code?: unknown
      errno?: unknown
      fatal?: unknown
      message?: unknown
    }
    if (name === 'KnexTimeoutError') return true
    // mysql2 marks every error that ends the connection as fatal.
    if (fatal === true) return true
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true
    if (typeof errno === 'number' && CONNECTION_ERRNOS.has(errno)) return true
    if (code === undefined && typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
