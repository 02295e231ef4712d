import { LANGUAGES, type Language } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../domain/errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { VerificationCodes } from './codes.ts';
import { presentAdminUserRow } from './presenter.ts';
import { storedAccount } from './rules.ts';

type UserRow = typeof users.$inferSelect;
const inviter = alias(users, 'inviter');

/**
 * What an operator does for a user who is stuck: see who they are, lift the payment password's
 * lock, send them a password-reset code. Each action is audited; a code goes only to the user's
 * own account, so the operator never sees it.
 */
export class UserCare {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly codes: VerificationCodes,
  ) {}

  async detail(userId: number, db: Db = this.db) {
    const [row] = await db
      .select({ user: users, inviterAccount: inviter.account })
      .from(users)
      .leftJoin(inviter, eq(inviter.id, users.inviterId))
      .where(eq(users.id, userId));
    if (!row) throw new AppError('USER_NOT_FOUND');
    return this.present(row.user, row.inviterAccount);
  }

  async unlockPayPassword(userId: number, actor: Actor) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw new AppError('USER_NOT_FOUND');
      await tx.update(users).set({ payPasswordFailures: 0, payPasswordLockedUntil: null }).where(eq(users.id, userId));
      await recordAudit(tx, actor, {
        action: 'user.unlock_pay_password',
        target: `user:${userId}`,
        before: {
          failures: before.payPasswordFailures,
          lockedUntil: before.payPasswordLockedUntil?.toISOString() ?? null,
        },
        after: { failures: 0, lockedUntil: null },
        at: this.clock.now(),
      });
      return this.detail(userId, tx);
    });
  }

  /** The code goes out as a reset the user asked for would (same cooldown), in the user's language. */
  async sendPasswordReset(userId: number, actor: Actor) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('USER_NOT_FOUND');
    const account = storedAccount(user.account);
    const channel = await this.codes.channelFor(account);
    const lang = (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : 'en';
    const sent = await this.codes.issue(account, 'reset', lang, 'code');
    await recordAudit(this.db, actor, {
      action: 'user.send_password_reset',
      target: `user:${userId}`,
      before: null,
      after: { channel },
      at: this.clock.now(),
    });
    return sent;
  }

  private present(user: UserRow, inviterAccount: string | null) {
    const locked = user.payPasswordLockedUntil && user.payPasswordLockedUntil > this.clock.now();
    return {
      ...presentAdminUserRow(user),
      inviterAccount,
      hasPayPassword: user.payPasswordHash !== null,
      payPasswordLockedUntil: locked ? (user.payPasswordLockedUntil?.toISOString() ?? null) : null,
    };
  }
}
