import type { AdminRole, adminApi, ParsedInputOf } from '@app/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { adminSessions, adminUsers } from '../../db/schema.ts';
import type { AuthedAdmin, BaseContext } from '../../domain/caller.ts';
import { AppError } from '../../domain/errors.ts';
import type { RateLimiter } from '../../limits/counters.ts';
import { SignInLimiter, type SignInLimits } from '../../limits/enforce.ts';
import { decoySecretHash, hashSecret, randomToken, sha256, upgradedHash, verifySecret } from '../../security.ts';
import type { VerificationCodes } from '../accounts/codes.ts';
import { type Actor, recordAudit, SYSTEM_ACTOR } from '../audit/service.ts';

const SESSION_HOURS = 12;

/** Operators are few: an address trying many of their emails is looking for one. */
export const ADMIN_SIGN_IN_LIMITS: SignInLimits = {
  perIp: { limit: 30, windowSeconds: 900 },
  perAccountFromIp: [
    { limit: 5, windowSeconds: 900 },
    { limit: 10, windowSeconds: 3600 },
    { limit: 20, windowSeconds: 86_400 },
  ],
  perAccount: { limit: 50, windowSeconds: 3600 },
};

type AdminRow = typeof adminUsers.$inferSelect;

export function presentAdmin(row: AdminRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Operators of the back office: their own accounts, roles and sessions, apart from users'. */
export class AdminService {
  private readonly signIns: SignInLimiter;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    limiter: RateLimiter,
    /** Emails an operator a sign-in code past the ceiling of failed attempts. */
    private readonly codes: VerificationCodes,
  ) {
    this.signIns = new SignInLimiter(limiter, 'admin-login', ADMIN_SIGN_IN_LIMITS);
  }

  async login(input: ParsedInputOf<typeof adminApi.admin.login>, ctx: BaseContext) {
    const email = input.email.toLowerCase();
    const { codeRequired } = await this.signIns.attempt(email, ctx.ip);
    const [admin] = await this.db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
    const matches = await verifySecret(input.password, admin?.passwordHash ?? (await decoySecretHash()));
    const owner = admin !== undefined && matches && admin.status === 'active';
    // Past the operator's ceiling, a code emailed to them stands in for the refusal (docs/decisions.md).
    const codeId = codeRequired
      ? await this.codes.signInCode(
          owner ? { account: email, kind: 'email' } : undefined,
          'adminLogin',
          ctx.lang,
          input.code,
        )
      : undefined;
    if (!admin || !owner) throw new AppError('ADMIN_LOGIN_FAILED');
    if (codeId !== undefined) await this.codes.consume(this.db, codeId);
    const rehashed = await upgradedHash(input.password, admin.passwordHash);
    if (rehashed) {
      await this.db
        .update(adminUsers)
        .set({ passwordHash: rehashed })
        .where(and(eq(adminUsers.id, admin.id), eq(adminUsers.passwordHash, admin.passwordHash)));
    }
    const token = randomToken();
    const now = this.clock.now();
    await this.db.insert(adminSessions).values({
      adminId: admin.id,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_HOURS * 3_600_000),
    });
    await this.signIns.succeeded(email, ctx.ip);
    await recordAudit(
      this.db,
      { adminId: admin.id, ip: ctx.ip },
      {
        action: 'admin.login',
        target: `admin:${admin.id}`,
        before: null,
        after: null,
        at: now,
      },
    );
    return { token, admin: presentAdmin(admin) };
  }

  async authenticate(token: string | undefined, roles: readonly AdminRole[] | undefined): Promise<AuthedAdmin> {
    if (!token) throw new AppError('ADMIN_SESSION_INVALID');
    const [row] = await this.db
      .select({ session: adminSessions, admin: adminUsers })
      .from(adminSessions)
      .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
      .where(and(eq(adminSessions.tokenHash, sha256(token)), isNull(adminSessions.revokedAt)))
      .limit(1);
    if (!row || row.session.expiresAt <= this.clock.now() || row.admin.status !== 'active') {
      throw new AppError('ADMIN_SESSION_INVALID');
    }
    const { admin } = row;
    if (roles && admin.role !== 'owner' && !roles.includes(admin.role)) throw new AppError('ADMIN_FORBIDDEN');
    return { id: admin.id, email: admin.email, role: admin.role, sessionId: row.session.id };
  }

  async logout(sessionId: number): Promise<null> {
    await this.db.update(adminSessions).set({ revokedAt: this.clock.now() }).where(eq(adminSessions.id, sessionId));
    return null;
  }

  async get(id: number) {
    const [admin] = await this.db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
    if (!admin) throw new AppError('ADMIN_SESSION_INVALID');
    return presentAdmin(admin);
  }

  async list() {
    return (await this.db.select().from(adminUsers).orderBy(asc(adminUsers.id))).map(presentAdmin);
  }

  async create(input: ParsedInputOf<typeof adminApi.admin.createAdmin>, actor: Actor) {
    const passwordHash = await hashSecret(input.password);
    try {
      return await this.db.transaction(async (tx) => {
        const [admin] = await tx
          .insert(adminUsers)
          .values({
            email: input.email.toLowerCase(),
            name: input.name,
            role: input.role,
            passwordHash,
            createdAt: this.clock.now(),
          })
          .returning();
        if (!admin) throw new Error('admin insert returned nothing');
        const presented = presentAdmin(admin);
        await recordAudit(tx, actor, {
          action: 'admin.create',
          target: `admin:${admin.id}`,
          before: null,
          after: presented,
          at: this.clock.now(),
        });
        return presented;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'admin_users_email_key')) throw new AppError('ADMIN_EXISTS');
      throw error;
    }
  }

  async update(id: number, input: ParsedInputOf<typeof adminApi.admin.updateAdmin>, actor: Actor) {
    if (id === actor.adminId && ((input.role && input.role !== 'owner') || input.status === 'disabled')) {
      throw new AppError('ADMIN_SELF_LOCKOUT');
    }
    const passwordHash = input.password ? await hashSecret(input.password) : undefined;
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update');
      if (!before) throw new AppError('USER_NOT_FOUND');
      const [after] = await tx
        .update(adminUsers)
        .set({ name: input.name, role: input.role, status: input.status, passwordHash })
        .where(eq(adminUsers.id, id))
        .returning();
      if (input.status === 'disabled' || passwordHash) {
        await tx.update(adminSessions).set({ revokedAt: this.clock.now() }).where(eq(adminSessions.adminId, id));
      }
      const presented = presentAdmin(after ?? before);
      await recordAudit(tx, actor, {
        action: passwordHash ? 'admin.update+password' : 'admin.update',
        target: `admin:${id}`,
        before: presentAdmin(before),
        after: presented,
        at: this.clock.now(),
      });
      return presented;
    });
  }

  /**
   * The first start creates the owner from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated
   * password that is returned so the embedded run can print it once.
   */
  async ensureOwner(email: string, password: string | undefined): Promise<{ email: string; password?: string } | null> {
    const [any] = await this.db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
    if (any) return null;
    const generated = password ? undefined : randomToken().slice(0, 16);
    const passwordHash = await hashSecret(password ?? (generated as string));
    const created = await this.db.transaction(async (tx) => {
      // Instances started together all find no admin; the first insert wins, the others stand down.
      const [owner] = await tx
        .insert(adminUsers)
        .values({ email: email.toLowerCase(), name: 'Owner', role: 'owner', passwordHash, createdAt: this.clock.now() })
        .onConflictDoNothing()
        .returning();
      if (!owner) return false;
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'admin.bootstrap',
        target: `admin:${owner.id}`,
        before: null,
        after: { email, role: 'owner' },
        at: this.clock.now(),
      });
      return true;
    });
    return created ? { email, password: generated } : null;
  }
}
