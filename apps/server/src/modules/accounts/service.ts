import { type api, type Language, type ParsedInputOf, phoneMinDigitsFor, type UserStatus } from '@app/contracts';
import { and, desc, eq, ilike, lt, ne, not, or, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import type { BaseContext } from '../../domain/caller.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { toE164 } from '../../domain/phone.ts';
import type { RateLimiter } from '../../limits/counters.ts';
import { clientKey, enforceLimit, type LimitRule, SignInLimiter } from '../../limits/enforce.ts';
import { decoySecretHash, hashSecret, randomInviteCode, upgradedHash, verifySecret } from '../../security.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { joinTeams } from '../team/repository.ts';
import type { UploadService } from '../uploads/service.ts';
import type { VipService } from '../vip/service.ts';
import type { VerificationCodes } from './codes.ts';
import { presentAdminUserRow, presentUserInfo } from './presenter.ts';
import { type Account, accountOf, codeDelivery, signInAccount, userSearch } from './rules.ts';
import type { Sessions } from './sessions.ts';

type Input<K extends keyof typeof api.user> = ParsedInputOf<(typeof api.user)[K]>;

const HOUR = 3600;

/**
 * Per address and per account. An address may be a whole office or mobile network behind one
 * NAT, so its limits are loose; an account's are tight, against guessing its codes or flooding
 * its owner with messages.
 */
export const LIMITS = {
  login: {
    perIp: { limit: 100, windowSeconds: 900 },
    perAccountFromIp: [
      { limit: 5, windowSeconds: 900 },
      { limit: 10, windowSeconds: HOUR },
      { limit: 20, windowSeconds: 24 * HOUR },
    ],
    perAccount: { limit: 100, windowSeconds: HOUR },
  },
  sendCode: { perIp: { limit: 30, windowSeconds: HOUR }, perAccount: { limit: 5, windowSeconds: HOUR } },
  register: { perIp: { limit: 30, windowSeconds: HOUR }, perAccount: { limit: 10, windowSeconds: HOUR } },
  reset: { perIp: { limit: 30, windowSeconds: HOUR }, perAccount: { limit: 10, windowSeconds: HOUR } },
  password: { perUser: { limit: 10, windowSeconds: 900 } },
  profile: { perUser: { limit: 30, windowSeconds: HOUR } },
} as const;

export interface AccountDeps {
  db: Db;
  clock: Clock;
  config: ConfigService;
  codes: VerificationCodes;
  sessions: Sessions;
  limiter: RateLimiter;
  levels: VipService;
  /** Tells whether an avatar is an image the user uploaded. */
  uploads: Pick<UploadService, 'uploadedBy'>;
}

export class AccountService {
  private readonly signIns: SignInLimiter;

  constructor(private readonly deps: AccountDeps) {
    this.signIns = new SignInLimiter(deps.limiter, 'login', LIMITS.login);
  }

  private limit(key: string, rule: LimitRule): Promise<void> {
    return enforceLimit(this.deps.limiter, key, rule);
  }

  /**
   * The account a code, sign-up or reset request is about, counted against the caller's address
   * and, once it is a valid account, against that account. Refused at once when no code could
   * reach it (no provider for its channel, or a country that may not receive SMS).
   */
  private async askedAccount(action: 'sendCode' | 'register' | 'reset', rawAccount: string, ctx: BaseContext) {
    const rules = LIMITS[action];
    await this.limit(`${action}:ip:${clientKey(ctx.ip)}`, rules.perIp);
    const account = await this.validAccount(rawAccount, ctx.lang);
    await this.deps.codes.channelFor(account);
    await this.limit(`${action}:account:${account.account}`, rules.perAccount);
    return account;
  }

  /** The account as stored, or a bad email, a phone shorter than the language's rule, a number no country uses. */
  private async validAccount(raw: string, lang: Language): Promise<Account> {
    const config = await this.deps.config.all();
    return accountOf(raw, {
      phoneMinDigits: phoneMinDigitsFor(config, lang),
      defaultCountry: config.phone_default_country,
    });
  }

  private async findByAccount(db: Db, account: string) {
    const [user] = await db.select().from(users).where(eq(users.account, account)).limit(1);
    return user;
  }

  /** A registered user's account as a code is sent to it. */
  private async storedAccount(user: { account: string; accountKind: Account['kind'] }): Promise<Account> {
    if (user.accountKind === 'email') return { account: user.account, kind: 'email' };
    const phone = toE164(user.account, await this.deps.config.get('phone_default_country'));
    return { account: user.account, kind: 'phone', callingCode: phone?.callingCode };
  }

  private async requireUser(db: Db, id: number) {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw new AppError('SESSION_UNKNOWN');
    return user;
  }

  /**
   * Answered alike whether the account exists or not: a sign-up code for a registered account
   * sends its owner a notice instead of the code, and a reset or payment-password code for an
   * account nobody registered sends nothing (`codeDelivery`).
   */
  async sendCode(input: Input<'sendCode'>, ctx: BaseContext) {
    const account = await this.askedAccount('sendCode', input.account, ctx);
    const existing = await this.findByAccount(this.deps.db, account.account);
    const delivery = codeDelivery(input.purpose, existing !== undefined);
    return this.deps.codes.issue(account, input.purpose, ctx.lang, delivery);
  }

  /**
   * A registered account is refused as a wrong code is: its owner was sent a notice, never a code
   * (`sendCode`), so whoever asks cannot tell it from a new account.
   */
  async register(input: Input<'register'>, ctx: BaseContext) {
    const { db, codes, sessions, config, clock } = this.deps;
    const { account, kind } = await this.askedAccount('register', input.account, ctx);
    const inviteCode = input.inviteCode?.trim().toUpperCase() || undefined;
    if (!inviteCode && (await config.get('invite_required'))) throw new AppError('INVITE_CODE_REQUIRED');
    const inviter = inviteCode
      ? (await db.select().from(users).where(eq(users.inviteCode, inviteCode)).limit(1))[0]
      : undefined;
    if (inviteCode && !inviter) throw new AppError('INVITE_CODE_INVALID');
    const codeId = await codes.verify(account, 'register', input.code);
    if (await this.findByAccount(db, account)) throw new AppError('CODE_INVALID');
    const passwordHash = await hashSecret(input.password);
    const idleDays = await config.get('session_idle_days');
    try {
      return await db.transaction(async (tx) => {
        await codes.consume(tx, codeId);
        const [user] = await tx
          .insert(users)
          .values({
            account,
            accountKind: kind,
            passwordHash,
            nickname: defaultNickname(account, kind),
            inviteCode: await this.freshInviteCode(tx),
            inviterId: inviter?.id ?? null,
            language: ctx.lang,
            lastLoginAt: clock.now(),
            createdAt: clock.now(),
          })
          .returning();
        if (!user) throw new Error('user insert returned nothing');
        if (inviter) {
          await joinTeams(tx, user.id, inviter.id);
          await this.deps.levels.memberJoined(tx, user.id);
        }
        const token = await sessions.create(tx, user.id, ctx, idleDays);
        return { token, user: presentUserInfo(user) };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_account_key')) throw new AppError('CODE_INVALID');
      throw error;
    }
  }

  private async freshInviteCode(tx: Db): Promise<string> {
    for (;;) {
      const code = randomInviteCode();
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1);
      if (!taken) return code;
    }
  }

  async login(input: Input<'login'>, ctx: BaseContext) {
    const { db, sessions, config, clock } = this.deps;
    const account = signInAccount(input.account, await config.get('phone_default_country'));
    const { codeRequired } = await this.signIns.attempt(account, ctx.ip);
    const user = await this.findByAccount(db, account);
    const matches = await verifySecret(input.password, user?.passwordHash ?? (await decoySecretHash()));
    // Past the account's ceiling, a code sent to it stands in for the refusal (docs/decisions.md).
    const codeId = codeRequired
      ? await this.deps.codes.signInCode(
          user && matches && user.status !== 'frozen' ? await this.storedAccount(user) : undefined,
          'login',
          ctx.lang,
          input.code,
        )
      : undefined;
    if (!user || !matches) throw new AppError('LOGIN_FAILED');
    if (user.status === 'frozen') throw new AppError('ACCOUNT_FROZEN');
    await this.signIns.succeeded(account, ctx.ip);
    const rehashed = await upgradedHash(input.password, user.passwordHash);
    const { single_device: singleDevice, session_idle_days: idleDays } = await config.all();
    return db.transaction(async (tx) => {
      if (codeId !== undefined) await this.deps.codes.consume(tx, codeId);
      if (singleDevice) await sessions.revokeAll(tx, user.id, 'elsewhere');
      const [updated] = await tx
        .update(users)
        .set({ lastLoginAt: clock.now() })
        .where(eq(users.id, user.id))
        .returning();
      if (rehashed) {
        await tx
          .update(users)
          .set({ passwordHash: rehashed })
          .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
      }
      const token = await sessions.create(tx, user.id, ctx, idleDays);
      return { token, user: presentUserInfo(updated ?? user) };
    });
  }

  async logout(sessionId: number): Promise<null> {
    await this.deps.sessions.revoke(this.deps.db, sessionId, 'logout');
    return null;
  }

  async info(userId: number) {
    return presentUserInfo(await this.requireUser(this.deps.db, userId));
  }

  /**
   * The nickname and avatar others see (docs/product.md#user-information): an avatar is an image
   * this user uploaded, none other.
   */
  async updateInfo(userId: number, input: Input<'updateInfo'>) {
    const { db, uploads } = this.deps;
    await this.limit(`profile:user:${userId}`, LIMITS.profile.perUser);
    if (input.avatar !== undefined && !(await uploads.uploadedBy(userId, input.avatar))) {
      throw new AppError('UPLOAD_URL_INVALID');
    }
    const [user] = await db
      .update(users)
      .set({ nickname: input.nickname, avatar: input.avatar })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new AppError('SESSION_UNKNOWN');
    return presentUserInfo(user);
  }

  async changePassword(userId: number, sessionId: number, input: Input<'changePassword'>): Promise<null> {
    const { db, sessions } = this.deps;
    await this.limit(`password:user:${userId}`, LIMITS.password.perUser);
    const user = await this.requireUser(db, userId);
    if (!(await verifySecret(input.oldPassword, user.passwordHash))) throw new AppError('OLD_PASSWORD_WRONG');
    if (input.oldPassword === input.password) throw new AppError('SAME_PASSWORD');
    const passwordHash = await hashSecret(input.password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await sessions.revokeAll(tx, userId, 'password', sessionId);
    });
    return null;
  }

  /**
   * An account nobody registered is refused as a wrong code is: a code asked for it was made but
   * never sent (`sendCode`).
   */
  async resetPassword(input: Input<'resetPassword'>, ctx: BaseContext): Promise<null> {
    const { db, codes, sessions } = this.deps;
    const { account } = await this.askedAccount('reset', input.account, ctx);
    const codeId = await codes.verify(account, 'reset', input.code);
    const user = await this.findByAccount(db, account);
    if (!user) throw new AppError('CODE_INVALID');
    const passwordHash = await hashSecret(input.password);
    await db.transaction(async (tx) => {
      await codes.consume(tx, codeId);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await sessions.revokeAll(tx, user.id, 'password');
    });
    return null;
  }

  async setPayPassword(userId: number, input: Input<'setPayPassword'>): Promise<null> {
    const { db, codes } = this.deps;
    await this.limit(`password:user:${userId}`, LIMITS.password.perUser);
    const user = await this.requireUser(db, userId);
    const codeId = await codes.verify(user.account, 'payPassword', input.code);
    const payPasswordHash = await hashSecret(input.payPassword);
    await db.transaction(async (tx) => {
      await codes.consume(tx, codeId);
      await tx.update(users).set({ payPasswordHash }).where(eq(users.id, userId));
    });
    return null;
  }

  /**
   * Phone accounts kept as typed, before they were kept in E.164, rewritten in E.164 with the
   * configured default country, so their owners sign in however they type the number. One whose
   * E.164 form another account already holds is left as it is (and named in the log by its id).
   */
  async storePhonesInE164(): Promise<{ rewritten: number; left: number[] }> {
    const { db } = this.deps;
    const country = await this.deps.config.get('phone_default_country');
    const legacy = await db
      .select({ id: users.id, account: users.account })
      .from(users)
      .where(and(eq(users.accountKind, 'phone'), not(ilike(users.account, '+%'))));
    const left: number[] = [];
    let rewritten = 0;
    for (const user of legacy) {
      const phone = toE164(user.account, country);
      const [taken] = phone
        ? await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.account, phone.number), ne(users.id, user.id)))
        : [];
      if (!phone || taken) {
        left.push(user.id);
        continue;
      }
      await db.update(users).set({ account: phone.number }).where(eq(users.id, user.id));
      rewritten += 1;
    }
    return { rewritten, left };
  }

  async list(query: { cursor?: string; limit: number; q?: string }) {
    const filters: (SQL | undefined)[] = [];
    if (query.cursor) filters.push(lt(users.id, cursorId(query.cursor)));
    if (query.q) {
      const search = userSearch(query.q, await this.deps.config.get('phone_default_country'));
      const pattern = `%${search.text}%`;
      filters.push(
        or(
          ilike(users.account, pattern),
          ilike(users.nickname, pattern),
          ilike(users.inviteCode, pattern),
          eq(users.account, search.account),
          search.id === undefined ? undefined : eq(users.id, search.id),
        ),
      );
    }
    const rows = await this.deps.db
      .select()
      .from(users)
      .where(and(...filters))
      .orderBy(desc(users.id))
      .limit(query.limit + 1);
    return pageOf(rows, query.limit, presentAdminUserRow);
  }

  /** Freezing signs the user out everywhere; their next call answers ACCOUNT_FROZEN. */
  async setStatus(userId: number, status: UserStatus, actor: Actor) {
    const { db, sessions, clock } = this.deps;
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw new AppError('USER_NOT_FOUND');
      const [after] = await tx.update(users).set({ status }).where(eq(users.id, userId)).returning();
      if (status === 'frozen') await sessions.revokeAll(tx, userId, 'frozen');
      await recordAudit(tx, actor, {
        action: status === 'frozen' ? 'user.freeze' : 'user.unfreeze',
        target: `user:${userId}`,
        before: { status: before.status },
        after: { status },
        at: clock.now(),
      });
      return presentAdminUserRow(after ?? before);
    });
  }
}

function defaultNickname(account: string, kind: Account['kind']): string {
  if (kind === 'email') return account.split('@')[0]?.slice(0, 20) || 'User';
  return `User${account.slice(-4)}`;
}
