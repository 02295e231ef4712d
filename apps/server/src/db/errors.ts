/** True when a query failed on the named unique constraint (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = (current as { cause?: unknown }).cause) {
    const pgError = current as Error & { code?: string; constraint?: string };
    if (pgError.code === '23505') return pgError.constraint === constraint || pgError.message.includes(constraint);
  }
  return false;
}
