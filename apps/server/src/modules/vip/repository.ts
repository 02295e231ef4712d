import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { columnsOf, type Db, queryRows } from '../../db/client.ts';
import { journalEntries, userAncestors, users, vipLevels } from '../../db/schema.ts';
import type { Totals } from './rules.ts';

export type LevelRow = typeof vipLevels.$inferSelect;
export type LevelValues = typeof vipLevels.$inferInsert;

/** A user's level and the totals its VIP levels are reached by. */
export interface Standing {
  id: number;
  level: number;
  paidLevel: number;
  totals: Totals;
  canDrop: boolean;
}

export function levelRows(db: Db): Promise<LevelRow[]> {
  return db.select().from(vipLevels).orderBy(asc(vipLevels.level));
}

export async function levelRow(db: Db, level: number): Promise<LevelRow | undefined> {
  const [row] = await db.select().from(vipLevels).where(eq(vipLevels.level, level)).limit(1);
  return row;
}

/**
 * Each user's level and totals in one statement, read from running totals: recharge is the deposit
 * wallet's credited deposits, purchases what the user paid for machines from any wallet, the team
 * its members over the three levels (`team_levels`). The setting `vip_level_can_drop` is read by
 * the statement itself, so it runs inside any transaction.
 */
export async function standings(db: Db, userIds: number[]): Promise<Standing[]> {
  const rows = await queryRows<{
    id: number;
    level: number;
    paid_level: number;
    recharge: string;
    purchases: string;
    team_size: number;
    can_drop: boolean;
  }>(
    db,
    sql`select u.id, u.level, u.paid_level,
      coalesce((select t.amount from ledger_tallies t
        where t.user_id = u.id and t.account_kind = 'deposit' and t.entry_type = 'deposit'), 0)::text as recharge,
      coalesce((select -sum(t.amount) from ledger_tallies t
        where t.user_id = u.id and t.entry_type = 'purchase'), 0)::text as purchases,
      (select coalesce(sum(t.members), 0) from team_levels t where t.user_id = u.id)::integer as team_size,
      coalesce((select (s.value->>'value')::boolean from settings s where s.key = 'vip_level_can_drop'), false) as can_drop
    from users u where u.id = any(${sql.param(userIds)}::integer[])`,
  );
  return rows.map((row) => ({
    id: row.id,
    level: row.level,
    paidLevel: row.paid_level,
    totals: { recharge: BigInt(row.recharge), purchases: BigInt(row.purchases), teamSize: BigInt(row.team_size) },
    canDrop: row.can_drop,
  }));
}

/**
 * Moves each user to their new level (and its kind), only if their level and bought level are
 * still those it was judged on: an activation that committed in between decided for itself.
 * Answers the users it moved.
 */
export async function moveLevels(
  db: Db,
  moves: { id: number; seenLevel: number; seenPaid: number; level: number }[],
): Promise<number[]> {
  if (moves.length === 0) return [];
  const [ids, seenLevels, seenPaid, levels] = columnsOf(
    moves.map((move) => [move.id, move.seenLevel, move.seenPaid, move.level]),
    4,
  );
  const moved = await queryRows<{ id: number }>(
    db,
    sql`update users u set level = m.level, vip = coalesce(l.kind, 'normal')
    from unnest(${sql.param(ids)}::integer[], ${sql.param(seenLevels)}::integer[], ${sql.param(seenPaid)}::smallint[],
      ${sql.param(levels)}::integer[])
      as m(id, seen_level, seen_paid, level)
    left join vip_levels l on l.level = m.level
    where u.id = m.id and u.level = m.seen_level and u.paid_level = m.seen_paid returning u.id`,
  );
  return moved.map((row) => row.id);
}

/** The users in whose teams this member is: their inviter and the inviters above, three levels up. */
export async function ancestorIdsOf(db: Db, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userAncestors.ancestorId })
    .from(userAncestors)
    .where(eq(userAncestors.userId, memberId));
  return rows.map((row) => row.id);
}

/** The user's level, locked for the rest of the transaction when `lock` says so. */
export async function userLevel(db: Db, userId: number, lock = false) {
  const query = db
    .select({ level: users.level, paidLevel: users.paidLevel, vip: users.vip })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The level the user holds, with its benefits; undefined at no level. */
export async function heldLevel(db: Db, userId: number): Promise<LevelRow | undefined> {
  const [row] = await db
    .select({ level: vipLevels })
    .from(users)
    .innerJoin(vipLevels, eq(vipLevels.level, users.level))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.level;
}

export async function holdersByLevel(db: Db): Promise<Map<number, number>> {
  const rows = await queryRows<{ level: number; holders: number }>(
    db,
    sql`select level, count(*)::integer as holders from users where level > 0 group by level`,
  );
  return new Map(rows.map((row) => [row.level, row.holders]));
}

/** Writes the levels as given: those left out are deleted, the others inserted or changed. */
export async function replaceLevels(tx: Db, levels: LevelValues[]): Promise<void> {
  const kept = levels.map((level) => level.level);
  await tx.execute(sql`delete from vip_levels where not (level = any(${sql.param(kept)}::smallint[]))`);
  if (levels.length === 0) return;
  await tx
    .insert(vipLevels)
    .values(levels)
    .onConflictDoUpdate({
      target: vipLevels.level,
      set: {
        name: sql`excluded.name`,
        kind: sql`excluded.kind`,
        requirementKind: sql`excluded.requirement_kind`,
        requirementAmount: sql`excluded.requirement_amount`,
        price: sql`excluded.price`,
        extraDraws: sql`excluded.extra_draws`,
        withdrawFeeDiscount: sql`excluded.withdraw_fee_discount`,
        extraWithdrawals: sql`excluded.extra_withdrawals`,
        incomeBonusRate: sql`excluded.income_bonus_rate`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Users keep their level number when its kind changes: their `vip` follows it. */
export async function followKinds(tx: Db): Promise<void> {
  await tx.execute(sql`update users u set vip = l.kind from vip_levels l
    where l.level = u.level and u.level > 0 and u.vip <> l.kind`);
}

/** The level an activation with this journal key bought, if one did. */
export async function activationByKey(db: Db, key: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ refId: journalEntries.refId })
    .from(journalEntries)
    .where(eq(journalEntries.idempotencyKey, key))
    .limit(1);
  return row ? row.refId : undefined;
}

export async function raiseToPaidLevel(tx: Db, userId: number, level: number): Promise<void> {
  await tx
    .update(users)
    .set({ level, vip: 'svip', paidLevel: sql`greatest(${users.paidLevel}, ${level})` })
    .where(eq(users.id, userId));
}

/** When the user last bought this SVIP level (its activation's entry), if they did. */
export async function activatedAt(db: Db, userId: number, level: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: journalEntries.createdAt })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.userId, userId),
        eq(journalEntries.type, 'vip_activation'),
        eq(journalEntries.refId, String(level)),
      ),
    )
    .orderBy(desc(journalEntries.id))
    .limit(1);
  return row?.at;
}
