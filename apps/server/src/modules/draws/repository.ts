import type { DrawAddress, DrawPrizeKind, DrawRecordStatus } from '@app/contracts';
import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { type Columns, type Db, namesOf, paramsOf, preparedRows, queryRows, unnestOf } from '../../db/client.ts';
import { drawCampaigns, drawPrizes, drawRecords, users } from '../../db/schema.ts';
import { cursorId } from '../../domain/paging.ts';
import { ensureUserAccounts } from '../../ledger/accounts.ts';
import { type EntryDraft, postingParams, postingSql } from '../../ledger/post.ts';
import { platformDay } from '../../ledger/tallies.ts';

export type CampaignRow = typeof drawCampaigns.$inferSelect;
export type CampaignValues = Omit<typeof drawCampaigns.$inferInsert, 'id'>;
export type PrizeRow = typeof drawPrizes.$inferSelect;
export type PrizeValues = Omit<typeof drawPrizes.$inferInsert, 'id' | 'campaignId'> & { id?: number };
export type RecordRow = typeof drawRecords.$inferSelect;

/** A prize as a draw reads it: what the pick and the payment need. */
export interface DrawablePrize {
  id: number;
  name: Record<string, string>;
  kind: DrawPrizeKind;
  amount: bigint;
  weight: number;
  stock: number | null;
  minSpend: bigint;
  validDays: number;
}

/** Everything a draw is judged on, read for a batch of draws in one statement under the users' points locks. */
export interface DrawState {
  campaign: CampaignRow | undefined;
  prizes: DrawablePrize[];
  /** The platform day the draw counts against. */
  day: string;
  drawn: number;
  won: number;
  /** The draw already made with this Idempotency-Key, if any. */
  previous: RecordRow | undefined;
  /** The extra draws a day of the user's VIP level (its benefit `extraDraws`, as `VipService.benefitsOf` reads it). */
  vipExtra: number;
  /** The id the draw's record takes, so its ledger entries can name it in the same statement. */
  recordId: number;
}

/** A draw of a batch: who draws in which campaign, with which (namespaced) Idempotency-Key. */
export interface DrawAsk {
  userId: number;
  campaignId: number;
  key: string;
}

/** The user's points account, locked, and their income account (paid by a cash prize). */
export interface DrawAccounts {
  points: number;
  balance: bigint;
  income: number;
}

const LOCK_POINTS = `select a.id, a.user_id, a.balance::text as balance,
    (select i.id from ledger_accounts i where i.user_id = a.user_id and i.kind = 'income') as income
  from ledger_accounts a where a.user_id = any($1::integer[]) and a.kind = 'points'
  order by a.id for no key update of a`;

/**
 * Locks the users' points accounts (in id order, so batches running at once cannot deadlock on
 * them) and reads their balances; opens the accounts of a user who has none yet.
 */
export async function lockPoints(tx: Db, userIds: number[]): Promise<Map<number, DrawAccounts>> {
  const read = () =>
    preparedRows<{ id: number | string; user_id: number; balance: string; income: number | string }>(
      tx,
      'draw_lock_points',
      LOCK_POINTS,
      [userIds],
    );
  let rows = await read();
  if (rows.length < new Set(userIds).size) {
    const found = new Set(rows.map((row) => row.user_id));
    for (const userId of userIds) if (!found.has(userId)) await ensureUserAccounts(tx, userId);
    rows = await read();
  }
  return new Map(
    rows.map((row) => [
      row.user_id,
      { points: Number(row.id), balance: BigInt(row.balance), income: Number(row.income) },
    ]),
  );
}

const DRAW_STATES = `select d.day::text as day,
    (select row_to_json(c) from draw_campaigns c where c.id = r.campaign_id) as campaign,
    (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'kind', p.kind, 'amount', p.amount::text,
        'weight', p.weight, 'stock', p.stock, 'minSpend', p.min_spend::text, 'validDays', p.valid_days)
        order by p.position), '[]')
      from draw_prizes p where p.campaign_id = r.campaign_id and p.active) as prizes,
    t.drawn, t.won,
    (select row_to_json(x) from draw_records x where x.idempotency_key = r.key) as previous,
    coalesce((select l.extra_draws from users u join vip_levels l on l.level = u.level where u.id = r.user_id), 0)
      as vip_extra,
    nextval('draw_records_id_seq') as record_id
  from unnest($1::integer[], $2::integer[], $3::text[]) with ordinality as r(user_id, campaign_id, key, ord)
  cross join (select ${platformDay('$4::timestamptz')} as day) d
  cross join lateral (
    select count(*)::integer as drawn,
      coalesce(sum(x.amount) filter (where x.prize_kind = 'draws'), 0)::integer as won
    from draw_records x where x.user_id = r.user_id and x.campaign_id = r.campaign_id and x.day = d.day
  ) t
  order by r.ord`;

interface CampaignJson {
  id: number;
  kind: CampaignRow['kind'];
  name: Record<string, string>;
  points_per_draw: number;
  daily_limit: number;
  starts_at: string;
  ends_at: string;
  status: CampaignRow['status'];
  created_at: string;
  updated_at: string;
}

type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;
type RecordJson = { [K in keyof RecordRow as SnakeCase<K & string>]: unknown };

/** A record read as JSON (`row_to_json`) back into its row. */
function recordOfJson(json: RecordJson): RecordRow {
  const date = (value: unknown) => (value === null ? null : new Date(value as string));
  return {
    id: Number(json.id),
    userId: json.user_id as number,
    campaignId: json.campaign_id as number,
    prizeId: json.prize_id as number,
    day: json.day as string,
    prizeName: json.prize_name as Record<string, string>,
    prizeKind: json.prize_kind as DrawPrizeKind,
    amount: BigInt(json.amount as string | number),
    pointsSpent: json.points_spent as number,
    pointsAfter: BigInt(json.points_after as string | number),
    drawsLeft: json.draws_left as number,
    status: json.status as DrawRecordStatus,
    idempotencyKey: json.idempotency_key as string,
    couponId: json.coupon_id as number | null,
    address: json.address as DrawAddress | null,
    carrier: json.carrier as string | null,
    tracking: json.tracking as string | null,
    shippedAt: date(json.shipped_at),
    createdAt: date(json.created_at) as Date,
  };
}

function campaignOfJson(c: CampaignJson): CampaignRow {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    pointsPerDraw: c.points_per_draw,
    dailyLimit: c.daily_limit,
    startsAt: new Date(c.starts_at),
    endsAt: new Date(c.ends_at),
    status: c.status,
    createdAt: new Date(c.created_at),
    updatedAt: new Date(c.updated_at),
  };
}

/**
 * For each draw of a batch, in one statement: its campaign, the campaign's active prizes with their
 * stock, the user's draws and draws won today in it and their VIP level's extra draws, the draw already made with its key, and the
 * id its record will take. A draw is a hot path.
 */
export async function drawStates(db: Db, asks: DrawAsk[], now: Date): Promise<DrawState[]> {
  const rows = await preparedRows<{
    day: string;
    campaign: CampaignJson | null;
    prizes: (Omit<DrawablePrize, 'amount' | 'minSpend'> & { amount: string; minSpend: string })[];
    drawn: number;
    won: number;
    previous: RecordJson | null;
    vip_extra: number;
    record_id: string;
  }>(db, 'draw_states', DRAW_STATES, [
    asks.map((ask) => ask.userId),
    asks.map((ask) => ask.campaignId),
    asks.map((ask) => ask.key),
    now.toISOString(),
  ]);
  return rows.map((row) => ({
    day: row.day,
    recordId: Number(row.record_id),
    vipExtra: row.vip_extra,
    drawn: row.drawn,
    won: row.won,
    previous: row.previous ? recordOfJson(row.previous) : undefined,
    campaign: row.campaign ? campaignOfJson(row.campaign) : undefined,
    prizes: row.prizes.map((prize) => ({ ...prize, amount: BigInt(prize.amount), minSpend: BigInt(prize.minSpend) })),
  }));
}

/**
 * Takes one unit of a limited prize if any is left: a conditional decrement, so two draws can
 * never both take the last unit (the second re-reads the row after the first commits and finds
 * none). Answers whether it took one.
 */
export async function takeStock(tx: Db, prizeId: number): Promise<boolean> {
  const rows = await preparedRows(
    tx,
    'draw_take_stock',
    'update draw_prizes set stock = stock - 1 where id = $1 and stock > 0 returning id',
    [prizeId],
  );
  return rows.length > 0;
}

export type NewRecord = Omit<RecordRow, 'couponId' | 'address' | 'carrier' | 'tracking' | 'shippedAt'>;

/** A new record's columns, for the unnest of `DRAW_WRITE`. */
const RECORD_COLUMNS: Columns<NewRecord> = [
  ['id', 'bigint', (r) => r.id],
  ['user_id', 'integer', (r) => r.userId],
  ['campaign_id', 'integer', (r) => r.campaignId],
  ['prize_id', 'integer', (r) => r.prizeId],
  ['day', 'date', (r) => r.day],
  ['prize_name', 'jsonb', (r) => JSON.stringify(r.prizeName)],
  ['prize_kind', 'text', (r) => r.prizeKind],
  ['amount', 'bigint', (r) => r.amount.toString()],
  ['points_spent', 'integer', (r) => r.pointsSpent],
  ['points_after', 'bigint', (r) => r.pointsAfter.toString()],
  ['draws_left', 'integer', (r) => r.drawsLeft],
  ['status', 'text', (r) => r.status],
  ['idempotency_key', 'text', (r) => r.idempotencyKey],
  ['created_at', 'timestamptz', (r) => r.createdAt.toISOString()],
];

/** `postingParams`' count: the ledger's entry and line columns. */
const POSTING_PARAMS = 14;

/** The records and the draws' ledger entries (`postingSql`) in one statement. */
const DRAW_WRITE = `with ${postingSql(1)}, draw_record as (
    insert into draw_records (${namesOf(RECORD_COLUMNS)}) overriding system value
    select * from ${unnestOf(RECORD_COLUMNS, POSTING_PARAMS + 1)}
    returning id
  )
  select count(*)::integer as written from draw_record`;

/**
 * Writes a batch of draws: their records (with the ids `drawStates` reserved) and their ledger
 * entries, in one statement of the caller's transaction.
 */
export async function writeDraws(tx: Db, records: NewRecord[], entries: EntryDraft[]): Promise<void> {
  const params = postingParams(entries);
  if (params.length !== POSTING_PARAMS) throw new Error('the posting parameters changed: update POSTING_PARAMS');
  await preparedRows(tx, 'draw_write', DRAW_WRITE, [...params, ...paramsOf(RECORD_COLUMNS, records)]);
}

export async function setCoupon(tx: Db, recordId: number, couponId: number): Promise<void> {
  await tx.update(drawRecords).set({ couponId }).where(eq(drawRecords.id, recordId));
}

/** The user's draws today in each campaign, and the draws they won there today. */
export async function todaysDraws(
  db: Db,
  userId: number,
  now: Date,
): Promise<Map<number, { drawn: number; won: number }>> {
  const rows = await queryRows<{ campaign_id: number; drawn: number; won: number }>(
    db,
    sql`select r.campaign_id, count(*)::integer as drawn,
      coalesce(sum(r.amount) filter (where r.prize_kind = 'draws'), 0)::integer as won
      from (select ${now.toISOString()}::timestamptz as at) x
      join draw_records r on r.user_id = ${userId} and r.day = ${sql.raw(platformDay('x.at'))}
      group by r.campaign_id`,
  );
  return new Map(rows.map((row) => [row.campaign_id, { drawn: row.drawn, won: row.won }]));
}

/** The campaigns users can draw in at `now`, in the order they were created. */
export function runningCampaigns(db: Db, now: Date): Promise<CampaignRow[]> {
  return db
    .select()
    .from(drawCampaigns)
    .where(
      sql`${drawCampaigns.status} = 'on' and ${drawCampaigns.startsAt} <= ${now} and ${drawCampaigns.endsAt} > ${now}`,
    )
    .orderBy(asc(drawCampaigns.id));
}

export function allCampaigns(db: Db): Promise<CampaignRow[]> {
  return db.select().from(drawCampaigns).orderBy(desc(drawCampaigns.id));
}

export async function campaignRow(db: Db, id: number, lock = false): Promise<CampaignRow | undefined> {
  const query = db.select().from(drawCampaigns).where(eq(drawCampaigns.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The active prizes of these campaigns, in their order. */
export function prizesOf(db: Db, campaignIds: number[]): Promise<PrizeRow[]> {
  if (campaignIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(drawPrizes)
    .where(and(inArray(drawPrizes.campaignId, campaignIds), eq(drawPrizes.active, true)))
    .orderBy(asc(drawPrizes.campaignId), asc(drawPrizes.position));
}

/** How many times each prize of these campaigns was won, and how many draws each campaign had. */
export async function wins(db: Db, campaignIds: number[]) {
  const byPrize = new Map<number, number>();
  const byCampaign = new Map<number, number>();
  if (campaignIds.length === 0) return { byPrize, byCampaign };
  const rows = await db
    .select({ campaignId: drawRecords.campaignId, prizeId: drawRecords.prizeId, wins: sql<number>`count(*)::integer` })
    .from(drawRecords)
    .where(inArray(drawRecords.campaignId, campaignIds))
    .groupBy(drawRecords.campaignId, drawRecords.prizeId);
  for (const row of rows) {
    byPrize.set(row.prizeId, row.wins);
    byCampaign.set(row.campaignId, (byCampaign.get(row.campaignId) ?? 0) + row.wins);
  }
  return { byPrize, byCampaign };
}

export async function insertCampaign(tx: Db, values: CampaignValues): Promise<number> {
  const [row] = await tx.insert(drawCampaigns).values(values).returning({ id: drawCampaigns.id });
  return (row as { id: number }).id;
}

export async function updateCampaign(tx: Db, id: number, values: Partial<CampaignValues>): Promise<void> {
  await tx.update(drawCampaigns).set(values).where(eq(drawCampaigns.id, id));
}

/**
 * Makes `prizes` the campaign's list: those with the id of one of its prizes are edited in place,
 * the others added; its prizes left out stop being drawn (kept for the records that won them).
 */
export async function replacePrizes(tx: Db, campaignId: number, prizes: PrizeValues[]): Promise<void> {
  const kept = prizes.flatMap((prize) => (prize.id === undefined ? [] : [prize.id]));
  await tx
    .update(drawPrizes)
    .set({ active: false })
    .where(
      and(
        eq(drawPrizes.campaignId, campaignId),
        kept.length ? sql`not (${drawPrizes.id} = any(${sql.param(kept)}::integer[]))` : undefined,
      ),
    );
  for (const { id, ...values } of prizes) {
    if (id === undefined) {
      await tx.insert(drawPrizes).values({ ...values, campaignId, active: true });
    } else {
      await tx
        .update(drawPrizes)
        .set({ ...values, active: true })
        .where(and(eq(drawPrizes.id, id), eq(drawPrizes.campaignId, campaignId)));
    }
  }
}

/** A record with its campaign's name, for the lists and details. */
export interface RecordWithCampaign {
  record: RecordRow;
  campaignName: Record<string, string>;
  userAccount: string;
}

const recordColumns = { record: drawRecords, campaignName: drawCampaigns.name, userAccount: users.account };

export function recordPage(
  db: Db,
  query: { userId?: number; status?: DrawRecordStatus; campaignId?: number; cursor?: string; limit: number },
): Promise<RecordWithCampaign[]> {
  const filters: (SQL | undefined)[] = [
    query.userId === undefined ? undefined : eq(drawRecords.userId, query.userId),
    query.status ? eq(drawRecords.status, query.status) : undefined,
    query.campaignId ? eq(drawRecords.campaignId, query.campaignId) : undefined,
    query.cursor ? lt(drawRecords.id, cursorId(query.cursor)) : undefined,
  ];
  return db
    .select(recordColumns)
    .from(drawRecords)
    .innerJoin(drawCampaigns, eq(drawCampaigns.id, drawRecords.campaignId))
    .innerJoin(users, eq(users.id, drawRecords.userId))
    .where(and(...filters))
    .orderBy(desc(drawRecords.id))
    .limit(query.limit + 1);
}

/** One record; only the user's own when `userId` is given. */
export async function recordById(db: Db, id: number, userId?: number): Promise<RecordWithCampaign | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(drawRecords)
    .innerJoin(drawCampaigns, eq(drawCampaigns.id, drawRecords.campaignId))
    .innerJoin(users, eq(users.id, drawRecords.userId))
    .where(and(eq(drawRecords.id, id), userId === undefined ? undefined : eq(drawRecords.userId, userId)))
    .limit(1);
  return row;
}

/** Moves a record on only from the statuses given (a concurrent move decided first); answers whether it moved. */
export async function moveRecord(
  tx: Db,
  id: number,
  from: DrawRecordStatus[],
  values: Partial<Pick<RecordRow, 'status' | 'address' | 'carrier' | 'tracking' | 'shippedAt'>>,
): Promise<boolean> {
  const rows = await tx
    .update(drawRecords)
    .set(values)
    .where(and(eq(drawRecords.id, id), inArray(drawRecords.status, from)))
    .returning({ id: drawRecords.id });
  return rows.length > 0;
}
