type PgError = Error & { code?: string; constraint?: string };

/** The database's own error (its code a five-character SQLSTATE) inside what drizzle threw, if any. */
export function pgErrorOf(error: unknown): PgError | undefined {
  for (let current = error; current instanceof Error; current = (current as { cause?: unknown }).cause) {
    if (/^[0-9A-Z]{5}$/.test((current as PgError).code ?? '')) return current as PgError;
  }
  return undefined;
}

/** True when a query failed with this SQLSTATE on the named constraint. */
function isViolation(error: unknown, code: string, constraint: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError?.code === code && (pgError.constraint === constraint || pgError.message.includes(constraint));
}

/**
 * True when a statement failed on the values it met (SQLSTATE classes 22, data exception such as
 * an overflow, and 23, a constraint): the same rows fail again, where a lost connection or a
 * deadlock would not.
 */
export function isDataError(error: unknown): boolean {
  const code = pgErrorOf(error)?.code ?? '';
  return code.startsWith('22') || code.startsWith('23');
}

export const isUniqueViolation = (error: unknown, constraint: string) => isViolation(error, '23505', constraint);

export const isCheckViolation = (error: unknown, constraint: string) => isViolation(error, '23514', constraint);
