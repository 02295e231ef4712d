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
    await original.close();
    const copy = await openDatabase({ loadDataDir: dump });
    expect(await queryRows<{ note: string }>(copy.db, sql`select note from dump_marker`)).toEqual([
      { note: 'from the dump' },
    ]);
    await copy.close();
  });

  it("a test file's database starts migrated, with no rows yet", async () => {
    const database = await openTestDatabase();
    const [migrations] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const [users] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from users`);
    expect({ migrations: migrations?.count, users: users?.count }).toEqual({ migrations: migrationCount, users: 0 });
    await database.close();
  });
});
