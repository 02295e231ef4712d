import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { openTestDatabase, usingPostgres } from './setup.ts';

const journal = path.join(import.meta.dirname, '../src/db/migrations/meta/_journal.json');
const migrationCount = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;

const pgliteOf = (database: Database) => (database.db as unknown as { session: { client: PGlite } }).session.client;

// Each test file opens a copy of the database the global setup migrated: if the copy were quietly
// ignored, every file would still pass, only seconds slower, so this checks the copy is what opens.
describe.skipIf(usingPostgres)('test databases', () => {
  it('a PGlite database opened from a dump holds what the dump held', async () => {
    // From the template rather than empty: creating a PGlite data directory costs seconds.
    const original = await openTestDatabase();
    await original.db.execute(sql`create table dump_marker (note text)`);
    await original.db.execute(sql`insert into dump_marker values ('from the dump')`);
    const dump = await pgliteOf(original).dumpDataDir('none');
    // Dropped again, so the next app gets this database rather than one opened anew (a second).
    await original.db.execute(sql`drop table dump_marker`);
    await original.close();
    const copy = await openDatabase({ loadDataDir: dump });
    expect(await queryRows<{ note: string }>(copy.db, sql`select note from dump_marker`)).toEqual([
      { note: 'from the dump' },
    ]);
    await copy.close();
  });

  it("a test app's database starts migrated, with no rows yet", async () => {
    const database = await openTestDatabase();
    const [migrations] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const [users] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from users`);
    expect({ migrations: migrations?.count, users: users?.count }).toEqual({ migrations: migrationCount, users: 0 });
    await database.close();
  });

  // A worker hands the database an app closed to its next app (the last one back is the next out):
  // that app must find it as the migrations left it, whatever the one before did.
  it('a database handed back reaches the next app empty: no rows, ids from the start, no session state', async () => {
    const used = await openTestDatabase();
    await used.db.execute(sql`insert into settings (key, value, updated_at) values ('timezone', '"UTC"', now())`);
    await used.db.execute(sql`select nextval(pg_get_serial_sequence('users', 'id'))`);
    await used.db.execute(sql`create temporary table scratch (note text)`);
    await used.db.execute(sql`set datestyle = 'German'`);
    await used.close();
    await expect(used.db.execute(sql`select 1`)).rejects.toHaveProperty(
      'cause.message',
      'this test database was closed',
    );

    const next = await openTestDatabase();
    const [state] = await queryRows<{ settings: number; id: number; scratch: string | null; datestyle: string }>(
      next.db,
      sql`select (select count(*)::int from settings) as settings,
        nextval(pg_get_serial_sequence('users', 'id'))::int as id,
        to_regclass('pg_temp.scratch')::text as scratch, current_setting('datestyle') as datestyle`,
    );
    expect(state).toEqual({ settings: 0, id: 1, scratch: null, datestyle: 'ISO, MDY' });
    await next.close();
  });

  it('a database whose tables a test changed is closed rather than handed to the next app', async () => {
    const changed = await openTestDatabase();
    await changed.db.execute(sql`alter table settings add column note text`);
    await changed.close();
    const next = await openTestDatabase();
    const columns = await queryRows<{ name: string }>(
      next.db,
      sql`select column_name as name from information_schema.columns where table_name = 'settings' order by 1`,
    );
    expect(columns.map((column) => column.name)).toEqual(['key', 'updated_at', 'value']);
    await next.close();
  });
});
