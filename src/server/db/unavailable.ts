/** SQLSTATEs of a PostgreSQL server that is stopping, restarting or not reachable (class 08 and 57P0x). */
const DOWN_STATES = new Set(['57P01', '57P02', '57P03', '57P05']);
/** Socket errors of a connection that could not be opened or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** Messages of node-postgres when the server closed the connection under a query or a connect timed out. */
const DOWN_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /^Client has encountered a connection error/];

/**
 * Whether `err` says the database server is unreachable or restarting (not that the statement
 * was wrong): SQLSTATE class 08 (connection exception), 57P01-57P03/57P05 (shutdown, crash,
 * starting up, idle session timeout), a refused or cut socket, or node-postgres' "Connection
 * terminated". Such a request gets HTTP 503 with Retry-After (http/error-handler.ts): the pool
 * opens new connections once the server is back, no process restart is needed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || DOWN_STATES.has(code) || SOCKET_CODES.has(code))) return true;
  return typeof message === 'string' && DOWN_MESSAGES.some((re) => re.test(message));
}
