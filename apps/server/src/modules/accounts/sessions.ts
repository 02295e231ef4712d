import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthedUser } from '../../http/router.ts';
import { randomToken, sha256 } from '../../security.ts';

type RevokeReason = NonNullable<(typeof sessions.$inferSelect)['revokedReason']>;

const DAY_MS = 86_400_000;
/** Sliding expiry is written at most this often, so a busy client does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000;

/** Opaque random tokens, stored only as SHA-256 hashes, revocable, with a sliding idle expiry. */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly idleDays: () => Promise<number>,
  ) {}

  /**
   * Opens a session inside the caller's transaction. `idleDays` is read by the caller beforehand:
   * reading configuration here could query outside the transaction, which deadlocks PGlite.
   */
  async create(tx: Db, userId: number, client: { ip: string; userAgent: string }, idleDays: number): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await tx.insert(sessions).values({
      userId,
      tokenHash: sha256(token),
      ip: client.ip,
      userAgent: client.userAgent,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + idleDays * DAY_MS),
    });
    return token;
  }

  async authenticate(token: string | undefined): Promise<AuthedUser> {
    if (!token) throw new AppError('SESSION_MISSING');
    const [row] = await this.db
      .select({ session: sessions, userStatus: users.status })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sha256(token)))
      .limit(1);
    if (!row) throw new AppError('SESSION_UNKNOWN');
    const { session, userStatus } = row;
    if (session.revokedAt) {
      if (session.revokedReason === 'elsewhere') throw new AppError('SESSION_ELSEWHERE');
      if (session.revokedReason === 'frozen' && userStatus === 'frozen') throw new AppError('ACCOUNT_FROZEN');
      throw new AppError('SESSION_REVOKED');
    }
    if (userStatus === 'frozen') throw new AppError('ACCOUNT_FROZEN');
    const now = this.clock.now();
    if (session.expiresAt <= now) throw new AppError('SESSION_EXPIRED');
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + (await this.idleDays()) * DAY_MS) })
        .where(eq(sessions.id, session.id));
    }
    return { id: session.userId, sessionId: session.id };
  }

  async revoke(tx: Db, sessionId: number, reason: RevokeReason): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of the user, except `keepSessionId` when given. */
  async revokeAll(tx: Db, userId: number, reason: RevokeReason, keepSessionId?: number): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now(), revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
        ),
      );
  }
}
