/**
 * Diagnostic: runs the app's accrueDue on N interleaved holdings with auto_explain sending the
 * plan (with ANALYZE) of every statement slower than EXPLAIN_MIN_MS to this client as a NOTICE.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { accrueDue } from '../apps/server/src/ledger/accrual.ts';
import { Ledger } from '../apps/server/src/ledger/ledger.ts';
import { prepareAccrual } from './accrual.ts';
import { createBenchDatabase } from './db.ts';

const holdings = Number(process.env.BENCH_HOLDINGS ?? 100_000);
const users = Number(process.env.BENCH_HOLDING_USERS ?? holdings / 10);
const batch = Number(process.env.ACCRUAL_BATCH ?? 20_000);
const workers = Number(process.env.ACCRUAL_WORKERS ?? 1);
const database = await createBenchDatabase(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
try {
  const opened = await openDatabase({ url: database.url, poolSize: 4 });
  const setupPool = (opened.db as unknown as { $client: pg.Pool }).$client;
  if (process.env.EXTRA_SQL) await setupPool.query(process.env.EXTRA_SQL);
  const t0 = new Date('2020-01-06T00:00:00Z');
  const { appSet } = await prepareAccrual(setupPool, holdings, users, t0);
  const pool = new pg.Pool({ connectionString: database.url, max: workers, options: '-c jit=off' });
  pool.on('connect', (client) => {
    client.on('notice', (msg) => console.log(`--- ${msg.message}`));
    void client.query(`load 'auto_explain'; set auto_explain.log_min_duration = ${process.env.EXPLAIN_MIN_MS ?? 50};
      set auto_explain.log_analyze = on; set auto_explain.log_buffers = on; set auto_explain.log_level = notice;
      set auto_explain.log_nested_statements = on; set auto_explain.log_triggers = on`);
  });
  const db = drizzle(pool, { schema });
  const ledger = new Ledger(db as never);
  await ledger.init();
  const t = performance.now();
  const result = await accrueDue(db as never, ledger, appSet.dueAt, { batchSize: batch, workers });
  console.log(
    `accrueDue ${holdings} holdings / ${users} users, batch ${batch}: ${((performance.now() - t) / 1000).toFixed(2)} s`,
    result,
  );
  await pool.end();
  await opened.close();
} finally {
  await database.drop();
}
