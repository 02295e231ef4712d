import { sql } from 'drizzle-orm';
import { randomDigits } from '../security.ts';
import { type Db, queryRows } from './client.ts';

/**
 * The next id of a table, taken from its sequence before the row is inserted, so that the row's
 * document number can carry it.
 */
export async function nextId(db: Db, table: 'deposits' | 'withdrawals'): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(db, sql`select nextval(${`${table}_id_seq`}) as id`);
  return Number(row?.id);
}

/**
 * Prefix + UTC date + 4 random digits + the row's id ("P202611270381152"): readable, sortable by
 * day, not a plain count, and unique by construction. Random digits alone collide: at ten of them,
 * half the time in a day of 120,000 orders.
 */
export function documentNumber(prefix: string, now: Date, id: number): string {
  return `${prefix}${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomDigits(4)}${id}`;
}
