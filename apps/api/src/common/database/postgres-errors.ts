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
