/**
 * When a message that failed is tried again: exponential backoff from RETRY_BASE_MS, doubling per
 * attempt up to RETRY_CAP_MS, with "equal jitter" (half the delay fixed, half random) so that
 * messages failed together by one outage do not all come back at the same instant. A message is
 * tried until its deadline: a verification code's validity, MESSAGE_DEADLINE_HOURS for others.
 */
export const RETRY_BASE_MS = 4_000;
export const RETRY_CAP_MS = 3_600_000;
export const MESSAGE_DEADLINE_HOURS = 24;

/** The wait after the `attempts`-th failed attempt; `random` in [0, 1). */
export function retryDelayMs(attempts: number, random: number): number {
  const full = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return full / 2 + (random * full) / 2;
}

export type AfterFailure = { status: 'queued'; nextAttemptAt: Date } | { status: 'failed' };

/** What becomes of a message whose `attempts`-th attempt failed at `now`. */
export function afterFailure(input: {
  attempts: number;
  now: Date;
  deadline: Date;
  permanent: boolean;
  random: number;
}): AfterFailure {
  if (input.permanent) return { status: 'failed' };
  const nextAttemptAt = new Date(input.now.getTime() + retryDelayMs(input.attempts, input.random));
  return nextAttemptAt < input.deadline ? { status: 'queued', nextAttemptAt } : { status: 'failed' };
}

/** The deadline of a message queued at `now` that carries no code. */
export function messageDeadline(now: Date): Date {
  return new Date(now.getTime() + MESSAGE_DEADLINE_HOURS * 3_600_000);
}
