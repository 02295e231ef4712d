import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventSignups, events, users } from '../../db/schema.ts';

export type EventRow = typeof events.$inferSelect;
export type EventValues = Omit<typeof events.$inferInsert, 'id' | 'signups' | 'createdAt'>;

/** The most events a user's list shows: the newest by start. */
const USER_LIST_MAX = 100;

/** The events that are on, newest first, each with whether this user has signed up. */
export async function userEventRows(db: Db, userId: number): Promise<(EventRow & { applied: boolean })[]> {
  const rows = await db
    .select({ event: events, signupId: eventSignups.id })
    .from(events)
    .leftJoin(eventSignups, and(eq(eventSignups.eventId, events.id), eq(eventSignups.userId, userId)))
    .where(eq(events.status, 'on'))
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(USER_LIST_MAX);
  return rows.map((row) => ({ ...row.event, applied: row.signupId !== null }));
}

export function eventRows(db: Db): Promise<EventRow[]> {
  return db.select().from(events).orderBy(desc(events.id));
}

/** The event, locked for the rest of the transaction when `lock` says so: its sign-ups queue on it. */
export async function eventRow(db: Db, id: number, lock = false): Promise<EventRow | undefined> {
  const query = db.select().from(events).where(eq(events.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function hasSignedUp(db: Db, eventId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: eventSignups.id })
    .from(eventSignups)
    .where(and(eq(eventSignups.eventId, eventId), eq(eventSignups.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Records the sign-up and takes its seat; the CHECK on `signups` refuses a seat past the capacity. */
export async function insertSignup(
  tx: Db,
  signup: { eventId: number; userId: number; entryId: number | null; at: Date },
): Promise<void> {
  await tx.insert(eventSignups).values({
    eventId: signup.eventId,
    userId: signup.userId,
    entryId: signup.entryId,
    createdAt: signup.at,
  });
  await tx
    .update(events)
    .set({ signups: sql`${events.signups} + 1` })
    .where(eq(events.id, signup.eventId));
}

export async function insertEvent(tx: Db, values: EventValues & { createdAt: Date }): Promise<EventRow> {
  const [row] = await tx.insert(events).values(values).returning();
  if (!row) throw new Error('event insert returned no row');
  return row;
}

export async function updateEvent(tx: Db, id: number, values: EventValues): Promise<EventRow> {
  const [row] = await tx.update(events).set(values).where(eq(events.id, id)).returning();
  if (!row) throw new Error(`event ${id} vanished under its lock`);
  return row;
}

/** A page of an event's sign-ups, newest first, with the users' accounts. */
export function signupRows(db: Db, eventId: number, query: { cursor?: number; limit: number }) {
  return db
    .select({
      id: eventSignups.id,
      userId: eventSignups.userId,
      account: users.account,
      nickname: users.nickname,
      createdAt: eventSignups.createdAt,
    })
    .from(eventSignups)
    .innerJoin(users, eq(users.id, eventSignups.userId))
    .where(
      query.cursor === undefined
        ? eq(eventSignups.eventId, eventId)
        : and(eq(eventSignups.eventId, eventId), lt(eventSignups.id, query.cursor)),
    )
    .orderBy(desc(eventSignups.id))
    .limit(query.limit + 1);
}
