import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../domain/errors.ts';
import { hashSecret, upgradedHash, verifySecret } from '../../security.ts';

export const PAY_PASSWORD_TRIES = 5;
const LOCK_MS = 3_600_000;

/**
 * The 6-digit payment password: 5 wrong tries lock it for an hour. A user's checks run one at a
 * time, each holding the user's row while it compares, so however many requests arrive at once at
 * most 5 guesses are compared before the lock, and parallel requests with the right password (a
 * retried withdrawal) all pass. Each check commits on its own, outside the caller's transaction,
 * so a refused request cannot roll its failure back.
 */
export class PayPasswords {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async verify(userId: number, payPassword: string): Promise<void> {
    const refusal = await inTransaction(this.db, async (tx) => {
      const [user] = await tx
        .select({
          hash: users.payPasswordHash,
          failures: users.payPasswordFailures,
          lockedUntil: users.payPasswordLockedUntil,
        })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user?.hash) return new AppError('PAY_PASSWORD_NOT_SET');
      const now = this.clock.now();
      if (user.lockedUntil && user.lockedUntil > now) {
        return new AppError('PAY_PASSWORD_LOCKED', {
          minutes: Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000),
        });
      }
      if (await verifySecret(payPassword, user.hash)) {
        const rehashed = await upgradedHash(payPassword, user.hash);
        if (user.failures > 0 || rehashed) {
          await tx
            .update(users)
            .set({ payPasswordFailures: 0, ...(rehashed ? { payPasswordHash: rehashed } : {}) })
            .where(eq(users.id, userId));
        }
        return undefined;
      }
      const failures = user.failures + 1;
      if (failures >= PAY_PASSWORD_TRIES) {
        await tx
          .update(users)
          .set({ payPasswordFailures: 0, payPasswordLockedUntil: new Date(now.getTime() + LOCK_MS) })
          .where(eq(users.id, userId));
        return new AppError('PAY_PASSWORD_LOCKED', { minutes: LOCK_MS / 60_000 });
      }
      await tx.update(users).set({ payPasswordFailures: failures }).where(eq(users.id, userId));
      return new AppError('PAY_PASSWORD_WRONG', { left: PAY_PASSWORD_TRIES - failures });
    });
    if (refusal) throw refusal;
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
