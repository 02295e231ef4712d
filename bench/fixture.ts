import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { benchConfig, createBenchDatabase } from './db.ts';
import { fundUsers, insertProduct, insertSessions, insertUsers } from './seed.ts';

export type ProfiledApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * For the diagnostic scripts: the app on a throwaway database with 100 funded users, their
 * sessions and a product on sale; the database is dropped afterwards, whatever happens.
 */
export async function withProfiledApp(
  work: (fixture: {
    built: ProfiledApp;
    pool: pg.Pool;
    firstUser: number;
    tokens: string[];
    productId: number;
  }) => Promise<void>,
): Promise<void> {
  const database = await createBenchDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    const db = await openDatabase({ url: database.url, poolSize: 20 });
    const pool = (db.db as unknown as { $client: pg.Pool }).$client;
    const built = await buildApp({
      config: benchConfig(database.url),
      database: db,
      logger: false,
    });
    await built.app.ready();
    const firstUser = await insertUsers(pool, 'p-', 100);
    await fundUsers(pool, firstUser, 100, 1_000_000_000n);
    const tokens = await insertSessions(pool, firstUser, 100);
    const productId = await insertProduct(pool);
    await work({ built, pool, firstUser, tokens, productId });
    await built.app.close();
    await db.close();
  } finally {
    await database.drop();
  }
}
