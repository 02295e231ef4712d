import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminUsers, journalEntries, vipLevels } from '../../db/schema.ts';

/** What the back office names beside a ledger entry: the operator who made it, the level it bought. */
export interface EntryNames {
  adminName: string | null;
  adminEmail: string | null;
  /** The English name of the SVIP level an activation bought (null if the level was removed since). */
  levelName: string | null;
}

/** The names of these entries (one statement for a page of lines), by entry id. */
export async function entryNames(db: Db, entryIds: readonly number[]): Promise<Map<number, EntryNames>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: journalEntries.id,
      adminName: adminUsers.name,
      adminEmail: adminUsers.email,
      levelName: sql<string | null>`${vipLevels.name} ->> 'en'`,
    })
    .from(journalEntries)
    .leftJoin(adminUsers, eq(adminUsers.id, journalEntries.adminId))
    .leftJoin(
      vipLevels,
      and(eq(journalEntries.type, 'vip_activation'), eq(sql`${vipLevels.level}::text`, journalEntries.refId)),
    )
    .where(inArray(journalEntries.id, [...new Set(entryIds)]));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}
