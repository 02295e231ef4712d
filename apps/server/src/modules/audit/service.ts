import { and, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminUsers, auditLog } from '../../db/schema.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';

/** Who made a back-office change; `adminId` null means the system itself (bootstrap, jobs). */
export interface Actor {
  adminId: number | null;
  ip: string;
}

export const SYSTEM_ACTOR: Actor = { adminId: null, ip: '' };

/** Written in the same transaction as the change it describes, so neither exists without the other. */
export async function recordAudit(
  db: Db,
  actor: Actor,
  change: { action: string; target: string; before: unknown; after: unknown; at: Date },
): Promise<void> {
  await db.insert(auditLog).values({
    adminId: actor.adminId,
    action: change.action,
    target: change.target,
    before: change.before ?? null,
    after: change.after ?? null,
    ip: actor.ip,
    createdAt: change.at,
  });
}

/** The back office's view of the audit log, newest first. */
export class AuditService {
  constructor(private readonly db: Db) {}

  async list(query: { cursor?: string; limit: number; q?: string }) {
    const filters: (SQL | undefined)[] = [];
    if (query.cursor) filters.push(lt(auditLog.id, cursorId(query.cursor)));
    if (query.q) {
      const pattern = `%${query.q}%`;
      filters.push(
        or(
          ilike(auditLog.action, pattern),
          ilike(auditLog.target, pattern),
          ilike(adminUsers.email, pattern),
          ilike(adminUsers.name, pattern),
        ),
      );
    }
    const rows = await this.db
      .select({ entry: auditLog, adminName: adminUsers.name, adminEmail: adminUsers.email })
      .from(auditLog)
      .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminId))
      .where(and(...filters))
      .orderBy(desc(auditLog.id))
      .limit(query.limit + 1);
    return pageOf(rows, query.limit, ({ entry, adminName, adminEmail }) => ({
      id: entry.id,
      adminId: entry.adminId,
      adminName,
      adminEmail,
      action: entry.action,
      target: entry.target,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
      createdAt: entry.createdAt.toISOString(),
    }));
  }
}
