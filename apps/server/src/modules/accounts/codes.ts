import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language, MessageChannel } from '@app/contracts';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema.ts';
import { AppError } from '../../domain/errors.ts';
import type { Notifier } from '../../notify/notifier.ts';
import { randomDigits } from '../../security.ts';

export const CODE_COOLDOWN_SECONDS = 60;
export const CODE_VALID_MINUTES = 10;
export const CODE_MAX_TRIES = 5;

type Purpose = (typeof verificationCodes.$inferSelect)['purpose'];

/**
 * Six-digit codes sent by email or SMS: one per 60 s, valid 10 minutes, 5 tries, used once. Only
 * a keyed hash is stored: a million candidates hash in a blink, so without the server's key a
 * reader of the table could still recover a live code.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly key: string,
  ) {}

  private hash(account: string, purpose: Purpose, code: string): string {
    return createHmac('sha256', this.key).update(`verification-code:${account}:${purpose}:${code}`).digest('hex');
  }

  async issue(account: string, channel: MessageChannel, purpose: Purpose, lang: Language) {
    const now = this.clock.now();
    const [last] = await this.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.account, account), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    const waited = last ? (now.getTime() - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (waited < CODE_COOLDOWN_SECONDS) {
      throw new AppError('CODE_COOLDOWN', { seconds: Math.ceil(CODE_COOLDOWN_SECONDS - waited) });
    }
    const code = randomDigits(6);
    await this.db.insert(verificationCodes).values({
      account,
      purpose,
      codeHash: this.hash(account, purpose, code),
      expiresAt: new Date(now.getTime() + CODE_VALID_MINUTES * 60_000),
      createdAt: now,
    });
    await this.notifier.sendCode(channel, account, code, lang, CODE_VALID_MINUTES);
    return { cooldownSeconds: CODE_COOLDOWN_SECONDS };
  }

  /**
   * Checks `code` against the latest unused code and returns its id for `consume`. A wrong code
   * counts a try at once, outside any transaction, so a refused request cannot roll it back.
   */
  async verify(account: string, purpose: Purpose, code: string): Promise<number> {
    const now = this.clock.now();
    const [latest] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.account, account),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    if (!latest || latest.expiresAt <= now) throw new AppError('CODE_EXPIRED');
    if (latest.attempts >= CODE_MAX_TRIES) throw new AppError('CODE_TOO_MANY_TRIES');
    const expected = Buffer.from(latest.codeHash);
    const actual = Buffer.from(this.hash(account, purpose, code));
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) return latest.id;
    const [counted] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, latest.id))
      .returning({ attempts: verificationCodes.attempts });
    throw new AppError(
      (counted?.attempts ?? CODE_MAX_TRIES) >= CODE_MAX_TRIES ? 'CODE_TOO_MANY_TRIES' : 'CODE_INVALID',
    );
  }

  /** Marks the code used inside the caller's transaction; a second use (even concurrent) is refused. */
  async consume(tx: Db, codeId: number): Promise<void> {
    const used = await tx
      .update(verificationCodes)
      .set({ consumedAt: this.clock.now() })
      .where(
        and(
          eq(verificationCodes.id, codeId),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, CODE_MAX_TRIES),
        ),
      )
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw new AppError('CODE_EXPIRED');
  }
}
