import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { hashSecret, verifySecret } from '../../security.ts';

export const PAY_PASSWORD_TRIES = 5;
const LOCK_MS = 3_600_000;

/**
 * The 6-digit payment password: 5 wrong tries lock it for an hour. Failures are counted in their
 * own statement, outside the caller's transaction, so a refused request cannot roll them back.
 */
export class PayPasswords {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async verify(userId: number, payPassword: string): Promise<void> {
    const [user] = await this.db
      .select({
        hash: users.payPasswordHash,
        failures: users.payPasswordFailures,
        lockedUntil: users.payPasswordLockedUntil,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.hash) throw new AppError('PAY_PASSWORD_NOT_SET');
    const now = this.clock.now();
    if (user.lockedUntil && user.lockedUntil > now) {
      throw new AppError('PAY_PASSWORD_LOCKED', {
        minutes: Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000),
      });
    }
    if (await verifySecret(payPassword, user.hash)) {
      if (user.failures > 0) await this.db.update(users).set({ payPasswordFailures: 0 }).where(eq(users.id, userId));
      return;
    }
    const [counted] = await this.db
      .update(users)
      .set({ payPasswordFailures: sql`${users.payPasswordFailures} + 1` })
      .where(eq(users.id, userId))
      .returning({ failures: users.payPasswordFailures });
    const failures = counted?.failures ?? PAY_PASSWORD_TRIES;
    if (failures >= PAY_PASSWORD_TRIES) {
      await this.db
        .update(users)
        .set({ payPasswordFailures: 0, payPasswordLockedUntil: new Date(now.getTime() + LOCK_MS) })
        .where(eq(users.id, userId));
      throw new AppError('PAY_PASSWORD_LOCKED', { minutes: LOCK_MS / 60_000 });
    }
    throw new AppError('PAY_PASSWORD_WRONG', { left: PAY_PASSWORD_TRIES - failures });
  }

  async change(userId: number, oldPayPassword: string, payPassword: string): Promise<null> {
    await this.verify(userId, oldPayPassword);
    await this.db
      .update(users)
      .set({ payPasswordHash: await hashSecret(payPassword), payPasswordFailures: 0, payPasswordLockedUntil: null })
      .where(eq(users.id, userId));
    return null;
  }
}
