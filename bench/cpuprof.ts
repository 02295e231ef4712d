/** CPU profile of the app's purchase and bill paths (diagnostic): `tsx --cpu-prof bench/cpuprof.ts`. */
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createBenchDatabase } from './db.ts';
import { fundUsers, insertProduct, insertSessions, insertUsers } from './seed.ts';

const which = process.env.PROFILE_ROUTE ?? 'bill';
const database = await createBenchDatabase(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
try {
  const db = await openDatabase({ url: database.url, poolSize: 20 });
  const pool = (db.db as unknown as { $client: pg.Pool }).$client;
  const built = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    database: db,
    logger: false,
  });
  await built.app.ready();
  const first = await insertUsers(pool, 'p-', 100);
  await fundUsers(pool, first, 100, 1_000_000_000n);
  const tokens = await insertSessions(pool, first, 100);
  const productId = await insertProduct(pool);
  await pool.query('analyze');
  const n = Number(process.env.PROFILE_N ?? 1500);
  const batch = 16;
  for (let i = 0; i < n; i += batch) {
    await Promise.all(
      Array.from({ length: batch }, (_, j) =>
        which === 'bill'
          ? built.app.inject({
              method: 'GET',
              url: '/api/v1/bill',
              headers: { authorization: tokens[(i + j) % 100] as string },
            })
          : built.app.inject({
              method: 'POST',
              url: '/api/v1/orders',
              headers: { authorization: tokens[(i + j) % 100] as string },
              payload: { productId, quantity: 1 },
            }),
      ),
    );
  }
  await built.app.close();
  await db.close();
} finally {
  await database.drop();
}
