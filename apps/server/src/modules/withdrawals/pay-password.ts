import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { UserGate } from '../../db/user-gate.ts';
import { AppError } from '../../domain/errors.ts';
import { hashSecret, upgradedHash, verifySecret } from '../../security.ts';

export const PAY_PASSWORD_TRIES = 5;
const LOCK_MS = 3_600_000;

function lockedError(until: Date, now: Date): AppError {
  return new AppError('PAY_PASSWORD_LOCKED', { minutes: Math.ceil((until.getTime() - now.getTime()) / 60_000) });
}

/**
 * The 6-digit payment password: 5 wrong tries lock it for an hour. The check holds no lock and no
 * transaction while it compares: it reads the hash, compares it (argon2id, tens of milliseconds)
 * with no connection held, then records the outcome in one conditional statement that counts only
 * while the password is not locked and still the one compared against:
 *
 * - a wrong guess adds one to the failures (`failures + 1` on the row as it is then, not as it was
 *   read, so parallel wrong guesses from several instances each count once) and, at the 5th,
 *   clears them and sets the lock, in the same statement;
 * - a right guess clears the failures (and stores an upgraded hash);
 * - a guess whose outcome arrives once the password is locked is refused as locked, right or
 *   wrong, and not counted: so no more than 5 guesses are ever answered before the lock, and the
 *   answer to any later one tells nothing about it.
 *
 * The caller's money requests run one at a time per user in an instance (`UserGate`), so one
 * instance compares at most one of a user's guesses at a time. Each outcome commits on its own,
 * outside the caller's transaction, so a refused request cannot roll its failure back.
 */
export class PayPasswords {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly gate: UserGate,
  ) {}

  async verify(userId: number, payPassword: string): Promise<void> {
    // A password changed between the read and the record is compared again against the new one.
    for (let attempt = 1; ; attempt++) {
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
      if (user.lockedUntil && user.lockedUntil > now) throw lockedError(user.lockedUntil, now);
      const right = await verifySecret(payPassword, user.hash);
      const rehashed = right ? await upgradedHash(payPassword, user.hash) : undefined;
      const recorded = await this.record(userId, user.hash, right, rehashed, now);
      if (recorded) {
        if (right) return;
        if (recorded.lockedUntil && recorded.lockedUntil > now) {
          throw new AppError('PAY_PASSWORD_LOCKED', { minutes: LOCK_MS / 60_000 });
        }
        throw new AppError('PAY_PASSWORD_WRONG', { left: PAY_PASSWORD_TRIES - recorded.failures });
      }
      // Not recorded: locked meanwhile, or the password changed; read again.
      if (attempt >= 3) throw new AppError('PAY_PASSWORD_WRONG', { left: PAY_PASSWORD_TRIES - user.failures });
    }
  }

  /**
   * The outcome of one comparison, in one statement, only while the password is `hash` and not
   * locked at `now`; the row's failures and lock after it, or undefined when it did not count.
   */
  private async record(userId: number, hash: string, right: boolean, rehashed: string | undefined, now: Date) {
    const reaches = sql`${users.payPasswordFailures} + 1 >= ${PAY_PASSWORD_TRIES}`;
    const [row] = await this.db
      .update(users)
      .set(
        right
          ? { payPasswordFailures: 0, ...(rehashed ? { payPasswordHash: rehashed } : {}) }
          : {
              payPasswordFailures: sql`case when ${reaches} then 0 else ${users.payPasswordFailures} + 1 end`,
              payPasswordLockedUntil: sql`case when ${reaches} then ${new Date(now.getTime() + LOCK_MS).toISOString()}::timestamptz else ${users.payPasswordLockedUntil} end`,
            },
      )
      .where(
        and(
          eq(users.id, userId),
          eq(users.payPasswordHash, hash),
          or(isNull(users.payPasswordLockedUntil), lte(users.payPasswordLockedUntil, now)),
        ),
      )
      .returning({ failures: users.payPasswordFailures, lockedUntil: users.payPasswordLockedUntil });
    return row;
  }

  /** A change is one of the user's money requests (`UserGate`): refused at once while another is in flight. */
  change(userId: number, oldPayPassword: string, payPassword: string): Promise<null> {
    return this.gate.run(userId, async () => {
      await this.verify(userId, oldPayPassword);
      await this.db
        .update(users)
        .set({ payPasswordHash: await hashSecret(payPassword), payPasswordFailures: 0, payPasswordLockedUntil: null })
        .where(eq(users.id, userId));
      return null;
    });
  }
}
