import { AppError } from './errors.ts';

/** Keyset cursors are the last row's id, descending; anything else is refused, not guessed. */
export function cursorId(cursor: string): number {
  if (!/^\d{1,15}$/.test(cursor)) throw new AppError('INVALID_INPUT', { field: 'cursor' });
  return Number(cursor);
}

/** `rows` was fetched with limit + 1: the extra row says whether another page exists. */
export function pageOf<Row, Item extends { id: number }>(rows: Row[], limit: number, present: (row: Row) => Item) {
  const items = rows.slice(0, limit).map(present);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? String(last.id) : null };
}
