import { types } from 'node:util';
import { QueryFailedError } from 'typeorm';

/** SQLSTATE codes we turn into client errors: a lost race on a unique key or a vanished referenced row. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

interface PostgresDriverError {
  code?: string;
  constraint?: string;
}

function driverError(error: unknown): PostgresDriverError | null {
  return error instanceof QueryFailedError ? (error.driverError as PostgresDriverError) : null;
}

/** True when `error` is a unique violation (of `constraint`, when given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driver = driverError(error);
  return driver?.code === UNIQUE_VIOLATION && (constraint === undefined || driver.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return driverError(error)?.code === FOREIGN_KEY_VIOLATION;
}

/** PostgreSQL refuses NUL (and bytes its encoding cannot hold) in text: the client sent them. */
const INVALID_TEXT_CODES = new Set(['22021', '22P05']);

export function isInvalidText(error: unknown): boolean {
  const code = driverError(error)?.code;
  return code !== undefined && INVALID_TEXT_CODES.has(code);
}

/** SQLSTATE classes and codes that mean the server is gone or refusing work, not that the query was wrong. */
// 57014: a statement_timeout, or a commit refused by commit_guard (it came too late: the client gave up on it).
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const CONNECTION_EXCEPTION_CLASS = '08';
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|timeout exceeded when trying to connect|Driver not Connected|Connection is not established|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * True when `error` says PostgreSQL cannot be reached (down, restarting, out of connections): the service answers
 * 503 with Retry-After, not 500, and the request is not billed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!isError(error)) return false;
  const code = (driverError(error) ?? (error as PostgresDriverError)).code;
  if (code && (UNAVAILABLE_CODES.has(code) || code.startsWith(CONNECTION_EXCEPTION_CLASS))) return true;
  const cause = (error as { driverError?: unknown; cause?: unknown }).driverError ?? error.cause;
  return (
    UNAVAILABLE_MESSAGE.test(error.message) || (isError(cause) && UNAVAILABLE_MESSAGE.test(cause.message))
  );
}

/**
 * An Error from any realm: a socket's own error (`read ECONNRESET`, which pg passes on as it is) is made by Node's
 * internals, and is not `instanceof` the Error of a vm context such as Jest's, where it was answered with a 500.
 */
function isError(value: unknown): value is Error {
  return value instanceof Error || types.isNativeError(value);
}
