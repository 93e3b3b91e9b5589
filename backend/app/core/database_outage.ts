// An unreachable database is a 503 with Retry-After (the request will likely succeed in a moment); a refused
// query stays a 500. A socket error counts only as mysql2 reports it (fatal): a mail server's ECONNREFUSED is not.
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

/** Too many connections, shutdown, network read/write, killed (MariaDB), can't connect, gone away, lost. */
const CONNECTION_ERRNOS = new Set([1040, 1053, 1158, 1159, 1160, 1161, 1203, 1927, 2002, 2003, 2006, 2013, 2055])

/** Read only for errors without a code: a refused query's message quotes its SQL and values. */
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
