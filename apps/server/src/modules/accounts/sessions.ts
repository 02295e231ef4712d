import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { Batcher } from '../../db/batcher.ts';
import { type Db, preparedRows } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import type { AuthedUser } from '../../domain/caller.ts';
import { AppError } from '../../domain/errors.ts';
import { randomToken, sha256 } from '../../security.ts';

type RevokeReason = NonNullable<(typeof sessions.$inferSelect)['revokedReason']>;

const DAY_MS = 86_400_000;
/** Sliding expiry is written at most this often, so a busy client does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The sessions of tokens and their users' status, one row per token asked, in the order asked (all
 * null for an unknown token); every authenticated call that is not remembered asks it.
 */
const SESSIONS_BY_TOKEN = `
  select s.id, s.user_id, s.revoked_at, s.revoked_reason, s.expires_at, s.last_seen_at, u.status as user_status
  from unnest($1::text[]) with ordinality as r(token_hash, ord)
  left join sessions s on s.token_hash = r.token_hash
  left join users u on u.id = s.user_id
  order by r.ord`;

interface SessionRow {
  /** bigint: a string from node-postgres; null for an unknown token. */
  id: number | string | null;
  user_id: number;
  revoked_at: Date | string | null;
  revoked_reason: RevokeReason | null;
  expires_at: Date | string;
  last_seen_at: Date | string;
  user_status: string;
}

/** Sessions remembered at most; past it the least recently checked one is forgotten. */
const CACHE_ENTRIES = 100_000;

interface CachedSession {
  userId: number;
  sessionId: number;
  expiresAt: number;
  lastSeenAt: number;
  /** Real time, not the clock's: how fresh this copy of the row is. */
  readAt: number;
}

/**
 * Opaque random tokens, stored only as SHA-256 hashes, revocable, with a sliding idle expiry.
 *
 * A session found valid is remembered for `cacheMs`, so a client's next calls skip the lookup.
 * Revoking through this object forgets it at once; another instance sharing the database keeps
 * its copy for at most `cacheMs` (docs/decisions.md).
 */
export class Sessions {
  /**
   * Lookups asked in one turn of the event loop share one statement (`Batcher`): under load most
   * requests are remembered, and those that are not would each cost a statement of their own.
   */
  private readonly lookups: Batcher<string, SessionRow | undefined>;
  private readonly cache = new Map<string, CachedSession>();
  /**
   * Users and sessions just revoked, until when (real time) they are not remembered: the revoking
   * transaction may not have committed yet, so a lookup meanwhile still sees the session valid.
   */
  private readonly held = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly idleDays: () => Promise<number>,
    private readonly cacheMs = 0,
  ) {
    this.lookups = new Batcher(
      async (hashes) =>
        (await preparedRows<SessionRow>(db, 'sessions_by_token', SESSIONS_BY_TOKEN, [hashes])).map((row) =>
          row.id === null ? undefined : row,
        ),
      { concurrency: 2, maxBatch: 100, gather: true },
    );
  }

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
    const tokenHash = sha256(token);
    const now = this.clock.now();
    const cached = this.cache.get(tokenHash);
    if (
      cached &&
      Date.now() - cached.readAt < this.cacheMs &&
      cached.expiresAt > now.getTime() &&
      now.getTime() - cached.lastSeenAt <= TOUCH_INTERVAL_MS
    ) {
      return { id: cached.userId, sessionId: cached.sessionId };
    }
    this.cache.delete(tokenHash);
    const row = await this.lookups.submit(tokenHash);
    if (!row) throw new AppError('SESSION_UNKNOWN');
    if (row.revoked_at) {
      if (row.revoked_reason === 'elsewhere') throw new AppError('SESSION_ELSEWHERE');
      if (row.revoked_reason === 'frozen' && row.user_status === 'frozen') throw new AppError('ACCOUNT_FROZEN');
      throw new AppError('SESSION_REVOKED');
    }
    if (row.user_status === 'frozen') throw new AppError('ACCOUNT_FROZEN');
    const session = { id: Number(row.id), userId: row.user_id };
    let expiresAt = new Date(row.expires_at);
    let lastSeenAt = new Date(row.last_seen_at);
    if (expiresAt <= now) throw new AppError('SESSION_EXPIRED');
    if (now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      lastSeenAt = now;
      expiresAt = new Date(now.getTime() + (await this.idleDays()) * DAY_MS);
      await this.db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, session.id));
    }
    if (this.cacheMs > 0 && !this.isHeld(session.userId, session.id)) {
      if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(tokenHash, {
        userId: session.userId,
        sessionId: session.id,
        expiresAt: expiresAt.getTime(),
        lastSeenAt: lastSeenAt.getTime(),
        readAt: Date.now(),
      });
    }
    return { id: session.userId, sessionId: session.id };
  }

  private isHeld(userId: number, sessionId: number): boolean {
    const now = Date.now();
    return (this.held.get(`user:${userId}`) ?? 0) > now || (this.held.get(`session:${sessionId}`) ?? 0) > now;
  }

  private forget(key: string, matches: (entry: CachedSession) => boolean): void {
    if (this.cacheMs <= 0) return;
    const now = Date.now();
    for (const [held, until] of this.held) if (until <= now) this.held.delete(held);
    this.held.set(key, now + 2 * this.cacheMs);
    for (const [hash, entry] of this.cache) if (matches(entry)) this.cache.delete(hash);
  }

  async revoke(tx: Db, sessionId: number, reason: RevokeReason): Promise<void> {
    this.forget(`session:${sessionId}`, (entry) => entry.sessionId === sessionId);
    await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of the user, except `keepSessionId` when given. */
  async revokeAll(tx: Db, userId: number, reason: RevokeReason, keepSessionId?: number): Promise<void> {
    this.forget(`user:${userId}`, (entry) => entry.userId === userId && entry.sessionId !== keepSessionId);
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
