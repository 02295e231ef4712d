/** True when a query failed with this SQLSTATE on the named constraint (drizzle wraps the driver's error). */
function isViolation(error: unknown, code: string, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = (current as { cause?: unknown }).cause) {
    const pgError = current as Error & { code?: string; constraint?: string };
    if (pgError.code === code) return pgError.constraint === constraint || pgError.message.includes(constraint);
  }
  return false;
}

export const isUniqueViolation = (error: unknown, constraint: string) => isViolation(error, '23505', constraint);

export const isCheckViolation = (error: unknown, constraint: string) => isViolation(error, '23514', constraint);
