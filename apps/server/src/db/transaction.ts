import type { Db } from './client.ts';

const RETRYABLE = new Set(['40P01', '40001']);

function isRetryable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = (current as { cause?: unknown }).cause) {
    if (RETRYABLE.has((current as { code?: string }).code ?? '')) return true;
  }
  return false;
}

/** Runs `work` in a transaction, again from the start if PostgreSQL aborted it for a deadlock. */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
    }
  }
}
