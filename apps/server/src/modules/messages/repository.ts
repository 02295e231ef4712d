import type { ContactStatus, MessageNotice } from '@app/contracts';
import { and, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import { type Db, preparedRows, queryRows } from '../../db/client.ts';
import { adminUsers, contactMessages, messages, users } from '../../db/schema.ts';
import type { NoticeValue } from './notice-rules.ts';

export type MessageRow = typeof messages.$inferSelect;
/** A sent broadcast with the name and email of the operator who sent it. */
export type BroadcastRow = MessageRow & { adminName: string | null; adminEmail: string | null };
/** A contact message with its user's account and the operator who last handled it. */
export type ContactRow = typeof contactMessages.$inferSelect & {
  account: string;
  handledByName: string | null;
  handledByEmail: string | null;
};

/**
 * Every statement that writes a message takes this lock shared and "read all" takes it alone: an id
 * below the newest one read all saw is then committed, so "read all" never marks as read a message
 * that was still being written and that the user never saw.
 */
const MESSAGE_WRITES_LOCK = "hashtext('minerva: message writes')";

/**
 * The reader: their VIP level, when they signed up (a broadcast to everyone reaches those who were
 * there) and their "read all" mark. Every statement below starts from it.
 */
const READER = `with me as (
    select u.id, u.level, u.created_at, coalesce(w.message_id, 0) as upto
    from users u left join message_read_upto w on w.user_id = u.id where u.id = $1)`;

/**
 * The broadcasts to everyone and to VIP levels that reach the reader, on the partial index of those
 * two. Written as one `case`, not an `or` of the two audiences: the planner then walks that index
 * backwards and a page stops after its last row, instead of reading every broadcast and sorting.
 */
const BROADCASTS_REACHING_ME = `m.audience in ('all', 'vip')
    and case m.audience when 'all' then m.created_at >= me.created_at else m.vip_level <= me.level end`;

/**
 * The reader's unread messages, counted from three index paths (broadcasts, their own notices,
 * their place in listed audiences) above their "read all" mark, less those they opened.
 */
const UNREAD = `select count(*)::integer from (
    select m.id from messages m, me where ${BROADCASTS_REACHING_ME} and m.id > me.upto
    union all
    select m.id from messages m, me where m.user_id = $1 and m.id > me.upto
    union all
    select r.message_id from message_recipients r, me where r.user_id = $1 and r.message_id > me.upto
  ) v where not exists (select 1 from message_reads x where x.user_id = $1 and x.message_id = v.id)`;

export const UNREAD_SQL = `${READER} select (${UNREAD}) as unread`;

/**
 * `GET /messages` in one statement, one round trip: a page of the reader's messages below the
 * cursor, newest first, each with whether it is read, and the unread count on every row. The reader
 * always gives one row: an empty page is a row whose message columns are null.
 */
export const MESSAGES_SQL = `${READER},
  ids as (
    (select m.id from messages m, me where ${BROADCASTS_REACHING_ME} and m.id < $2 order by m.id desc limit $3)
    union all
    (select m.id from messages m where m.user_id = $1 and m.id < $2 order by m.id desc limit $3)
    union all
    (select r.message_id from message_recipients r where r.user_id = $1 and r.message_id < $2
      order by r.message_id desc limit $3)
    order by 1 desc limit $3)
  select (${UNREAD}) as unread, m.id, m.notice, m.params, m.title, m.body, m.created_at as "createdAt",
    (m.id <= me.upto or exists (select 1 from message_reads x where x.user_id = $1 and x.message_id = m.id)) as read
  from me left join (ids join messages m on m.id = ids.id) on true
  order by m.id desc`;

export interface ReaderMessage {
  id: number;
  notice: MessageNotice | null;
  params: Record<string, NoticeValue> | null;
  title: Record<string, string> | null;
  body: Record<string, string> | null;
  createdAt: Date;
  read: boolean;
}

type MessagesRow = { unread: number } & ({ [K in keyof ReaderMessage]: null } | (ReaderMessage & { id: number }));

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await preparedRows<{ unread: number }>(db, 'message_unread', UNREAD_SQL, [userId]);
  return row?.unread ?? 0;
}

/** `limit` + 1 messages below `before`, to tell whether another page follows, and the unread count. */
export async function messagePage(
  db: Db,
  userId: number,
  before: number,
  limit: number,
): Promise<{ rows: ReaderMessage[]; unread: number }> {
  const rows = await preparedRows<MessagesRow>(db, 'messages', MESSAGES_SQL, [userId, before, limit + 1]);
  const messages: ReaderMessage[] = [];
  for (const row of rows) if (row.id !== null) messages.push({ ...row, createdAt: new Date(row.createdAt) });
  return { rows: messages, unread: rows[0]?.unread ?? 0 };
}

/** Whether the message reaches the user; and whether they have read it through "read all". */
export async function reachOf(db: Db, userId: number, messageId: number) {
  const [row] = await preparedRows<{ readAll: boolean }>(
    db,
    'message_reach',
    `${READER}
    select m.id <= me.upto as "readAll" from messages m, me where m.id = $2 and (
      (m.audience = 'all' and m.created_at >= me.created_at) or (m.audience = 'vip' and m.vip_level <= me.level)
      or m.user_id = $1
      or (m.audience = 'users' and exists (select 1 from message_recipients r where r.user_id = $1 and r.message_id = m.id)))`,
    [userId, messageId],
  );
  return row;
}

export async function markRead(db: Db, userId: number, messageId: number): Promise<void> {
  await db.execute(
    sql`insert into message_reads (user_id, message_id) values (${userId}, ${messageId}) on conflict do nothing`,
  );
}

/**
 * Moves the user's "read all" mark to the newest message written, in the caller's transaction,
 * after every message being written has committed; the single reads below it are then redundant.
 */
export async function markAllRead(tx: Db, userId: number, at: Date): Promise<void> {
  await tx.execute(sql.raw(`select pg_advisory_xact_lock(${MESSAGE_WRITES_LOCK})`));
  await tx.execute(sql`insert into message_read_upto (user_id, message_id, updated_at)
    select ${userId}, coalesce(max(id), 0), ${at} from messages
    on conflict (user_id) do update set message_id = greatest(message_read_upto.message_id, excluded.message_id),
      updated_at = excluded.updated_at`);
  await tx.execute(sql`delete from message_reads where user_id = ${userId}
    and message_id <= (select message_id from message_read_upto where user_id = ${userId})`);
}

/** A notice or reply to one user, in one statement: it holds the writes lock until its transaction ends. */
export async function insertNotice(
  db: Db,
  notice: { userId: number; notice: MessageNotice; params: Record<string, NoticeValue>; at: Date },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`with writing as (select pg_advisory_xact_lock_shared(${sql.raw(MESSAGE_WRITES_LOCK)}))
      insert into messages (audience, user_id, notice, params, created_at)
      select 'user', ${notice.userId}, ${notice.notice}, ${JSON.stringify(notice.params)}::jsonb, ${notice.at}
      from writing returning id`,
  );
  if (!row) throw new Error('message insert returned no row');
  return row.id;
}

export interface BroadcastValues {
  audience: 'all' | 'vip' | 'users';
  vipLevel: number | null;
  userIds: number[];
  title: Record<string, string>;
  body: Record<string, string>;
  sent: number;
  adminId: number | null;
  at: Date;
}

/** A broadcast is one row, and one recipient row per listed user; never a row per reader. */
export async function insertBroadcast(tx: Db, values: BroadcastValues): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`with writing as (select pg_advisory_xact_lock_shared(${sql.raw(MESSAGE_WRITES_LOCK)}))
      insert into messages (audience, vip_level, title, body, sent, admin_id, created_at)
      select ${values.audience}, ${values.vipLevel}, ${JSON.stringify(values.title)}::jsonb,
        ${JSON.stringify(values.body)}::jsonb, ${values.sent}, ${values.adminId}, ${values.at}
      from writing returning id`,
  );
  if (!row) throw new Error('broadcast insert returned no row');
  if (values.userIds.length > 0) {
    await tx.execute(sql`insert into message_recipients (user_id, message_id)
      select u, ${row.id} from unnest(${sql.param(values.userIds)}::integer[]) u`);
  }
  return row.id;
}

/** How many users an audience holds now. */
export async function audienceCount(db: Db, audience: { audience: string; vipLevel: number | null }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(users)
    .where(audience.audience === 'vip' ? sql`${users.level} >= ${audience.vipLevel}` : undefined);
  return row?.n ?? 0;
}

/** The listed users that exist. */
export async function existingUserIds(db: Db, userIds: number[]): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  return rows.map((row) => row.id);
}

export function broadcastRows(db: Db, query: { cursor?: number; limit: number }): Promise<BroadcastRow[]> {
  const broadcasts = sql`${messages.audience} <> 'user'`;
  return db
    .select({ ...getTableColumns(messages), adminName: adminUsers.name, adminEmail: adminUsers.email })
    .from(messages)
    .leftJoin(adminUsers, eq(adminUsers.id, messages.adminId))
    .where(query.cursor === undefined ? broadcasts : and(broadcasts, lt(messages.id, query.cursor)))
    .orderBy(desc(messages.id))
    .limit(query.limit + 1);
}

const contactColumns = {
  ...getTableColumns(contactMessages),
  account: users.account,
  handledByName: adminUsers.name,
  handledByEmail: adminUsers.email,
};

export function contactRows(
  db: Db,
  query: { cursor?: number; limit: number; status?: ContactStatus },
): Promise<ContactRow[]> {
  return db
    .select(contactColumns)
    .from(contactMessages)
    .innerJoin(users, eq(users.id, contactMessages.userId))
    .leftJoin(adminUsers, eq(adminUsers.id, contactMessages.handledBy))
    .where(
      and(
        query.status === undefined ? undefined : eq(contactMessages.status, query.status),
        query.cursor === undefined ? undefined : lt(contactMessages.id, query.cursor),
      ),
    )
    .orderBy(desc(contactMessages.id))
    .limit(query.limit + 1);
}

/** The contact message, locked for the rest of the transaction when `lock` says so. */
export async function contactRow(db: Db, id: number, lock = false): Promise<ContactRow | undefined> {
  const query = db
    .select(contactColumns)
    .from(contactMessages)
    .innerJoin(users, eq(users.id, contactMessages.userId))
    .leftJoin(adminUsers, eq(adminUsers.id, contactMessages.handledBy))
    .where(eq(contactMessages.id, id));
  const [row] = await (lock ? query.for('update', { of: contactMessages }) : query);
  return row;
}

export async function openContactCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(contactMessages)
    .where(and(eq(contactMessages.userId, userId), eq(contactMessages.status, 'open')));
  return row?.n ?? 0;
}

export async function insertContact(
  db: Db,
  values: { userId: number; message: string; contact: string | null; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      userId: values.userId,
      message: values.message,
      contact: values.contact,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact insert returned no row');
  return row.id;
}

export async function updateContact(
  tx: Db,
  id: number,
  values: Partial<Pick<typeof contactMessages.$inferInsert, 'status' | 'reply' | 'replyMessageId' | 'handledBy'>> & {
    updatedAt: Date;
  },
): Promise<void> {
  await tx.update(contactMessages).set(values).where(eq(contactMessages.id, id));
}
