import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language, MessageChannel, StoredCodePurpose } from '@app/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema.ts';
import { AppError } from '../../domain/errors.ts';
import type { RateLimiter } from '../../limits/counters.ts';
import { enforceLimit } from '../../limits/enforce.ts';
import { accountTakenMessage, type CarriedCode, codeMessage, type Notifier } from '../../notify/notifier.ts';
import { randomDigits } from '../../security.ts';
import type { ConfigService } from '../config/service.ts';
import { type Account, type CodeDelivery, codeChannel, type Deliverable } from './rules.ts';

export const CODE_COOLDOWN_SECONDS = 60;
export const CODE_VALID_MINUTES = 10;
export const CODE_MAX_TRIES = 5;

type Purpose = StoredCodePurpose;
/** The codes a sign-in past its account's ceiling asks for. */
type SignInPurpose = 'login' | 'adminLogin';

const HOUR_SECONDS = 3600;

export interface CodeDeps {
  db: Db;
  clock: Clock;
  config: ConfigService;
  notifier: Notifier;
  limiter: RateLimiter;
  /** The channels this server can bring a code through. */
  deliverable: Deliverable;
  /** Keys the codes' hashes (the server's secret). */
  key: string;
}

/**
 * Six-digit codes sent by email or SMS: one per 60 s, valid 10 minutes, 5 tries, used once. Only
 * a keyed hash is stored: a million candidates hash in a blink, so without the server's key a
 * reader of the table could still recover a live code.
 */
export class VerificationCodes {
  constructor(private readonly deps: CodeDeps) {}

  private hash(account: string, purpose: Purpose, code: string): string {
    return createHmac('sha256', this.deps.key).update(`verification-code:${account}:${purpose}:${code}`).digest('hex');
  }

  /** The channel a code for `account` would go by; refuses one this server cannot deliver. */
  async channelFor(account: Account): Promise<MessageChannel> {
    return codeChannel(account, this.deps.deliverable, await this.deps.config.get('sms_countries'));
  }

  /**
   * Queues a code for `account` with the message that carries it, in one transaction. SMS codes
   * to one country calling code are capped per hour (`sms_codes_per_country_hour`): SMS pumping
   * sends codes to premium numbers of one range, and the cap bounds what it can cost.
   *
   * `delivery` other than `code` still makes and stores a code, under the same cooldown and caps,
   * but never sends it: `accountTaken` queues the notice to the account's owner in its place,
   * `nothing` queues nothing. So the answer, and the next request's, are those of a code sent.
   */
  async issue(account: Account, purpose: Purpose, lang: Language, delivery: CodeDelivery) {
    const { db, clock, config, notifier, limiter } = this.deps;
    const channel = await this.channelFor(account);
    const perCountryHour = await config.get('sms_codes_per_country_hour');
    const queued = await db.transaction(async (tx) => {
      // One request at a time per account and purpose, so a burst of parallel requests passes the
      // cooldown once, not once per request.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`code:${account.account}:${purpose}`}, 0))`);
      const [last] = await tx
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.account, account.account), eq(verificationCodes.purpose, purpose)))
        .orderBy(desc(verificationCodes.id))
        .limit(1);
      const waited = last ? (clock.now().getTime() - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
      if (waited < CODE_COOLDOWN_SECONDS) {
        throw new AppError('CODE_COOLDOWN', { seconds: Math.ceil(CODE_COOLDOWN_SECONDS - waited) });
      }
      if (channel === 'sms') {
        await enforceLimit(limiter, `smsCountry:${account.callingCode}`, {
          limit: perCountryHour,
          windowSeconds: HOUR_SECONDS,
        });
      }
      const code = await this.fresh(tx, account.account, purpose);
      if (delivery === 'nothing') return undefined;
      return notifier.enqueue(
        tx,
        delivery === 'accountTaken'
          ? accountTakenMessage(channel, account.account, lang)
          : { ...codeMessage(channel, account.account, lang, CODE_VALID_MINUTES), code },
      );
    });
    if (queued !== undefined) notifier.wake([queued]);
    return { cooldownSeconds: CODE_COOLDOWN_SECONDS };
  }

  /** A new code for `account`, stored as its hash in the caller's transaction; it supersedes any before. */
  async fresh(tx: Db, account: string, purpose: Purpose): Promise<CarriedCode> {
    const now = this.deps.clock.now();
    const value = randomDigits(6);
    const expiresAt = new Date(now.getTime() + CODE_VALID_MINUTES * 60_000);
    const [row] = await tx
      .insert(verificationCodes)
      .values({ account, purpose, codeHash: this.hash(account, purpose, value), expiresAt, createdAt: now })
      .returning({ id: verificationCodes.id });
    if (!row) throw new Error('verification code insert returned nothing');
    return { value, id: row.id, purpose, expiresAt };
  }

  /**
   * Until when the code `codeId` may still be used, or null when it is used, spent, past, or
   * superseded by a later code for the same account and purpose (only the latest is checked).
   */
  async validUntil(tx: Db, codeId: number): Promise<Date | null> {
    const [row] = await tx
      .select({ expiresAt: verificationCodes.expiresAt })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.id, codeId),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, CODE_MAX_TRIES),
          gt(verificationCodes.expiresAt, this.deps.clock.now()),
          sql`not exists (select from verification_codes later where later.account = ${verificationCodes.account}
            and later.purpose = ${verificationCodes.purpose} and later.id > ${verificationCodes.id})`,
        ),
      );
    return row?.expiresAt ?? null;
  }

  /**
   * Checks `code` against the latest unused code and returns its id for `consume`. A wrong code
   * counts a try at once, outside any transaction, so a refused request cannot roll it back.
   */
  async verify(account: string, purpose: Purpose, code: string): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const [latest] = await db
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
    const [counted] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, latest.id))
      .returning({ attempts: verificationCodes.attempts });
    throw new AppError(
      (counted?.attempts ?? CODE_MAX_TRIES) >= CODE_MAX_TRIES ? 'CODE_TOO_MANY_TRIES' : 'CODE_INVALID',
    );
  }

  /**
   * A sign-in past its account's ceiling of failed attempts (docs/decisions.md). Without `code`
   * it sends one to the account only when the password is right (`owner`: the password matched
   * an account that may sign in), under the codes' cooldown and caps, whose refusals are not told,
   * and answers LOGIN_CODE_REQUIRED whatever the password: a guesser learns nothing of it and
   * sends no message. With `code`, any wrong password or code (expired, spent or none sent) is
   * CODE_INVALID alike, and a code is only tried with the right password, so a guesser cannot use
   * up the owner's tries; both right, it answers the code's id for `consume`.
   */
  async signInCode(
    account: Account | undefined,
    purpose: SignInPurpose,
    lang: Language,
    code: string | undefined,
  ): Promise<number> {
    if (code === undefined) {
      if (account) {
        try {
          await this.issue(account, purpose, lang, 'code');
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      throw new AppError('LOGIN_CODE_REQUIRED');
    }
    if (!account) throw new AppError('CODE_INVALID');
    try {
      return await this.verify(account.account, purpose, code);
    } catch (error) {
      if (error instanceof AppError) throw new AppError('CODE_INVALID');
      throw error;
    }
  }

  /** Marks the code used inside the caller's transaction; a second use (even concurrent) is refused. */
  async consume(tx: Db, codeId: number): Promise<void> {
    const used = await tx
      .update(verificationCodes)
      .set({ consumedAt: this.deps.clock.now() })
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
