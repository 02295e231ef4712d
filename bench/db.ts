import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';

/** A fresh database on the server of `serverUrl`, named after `prefix`; drop() removes it again. */
export async function createBenchDatabase(serverUrl: string, prefix = 'bench') {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

export type Pool = pg.Pool;

/** The app's configuration on a bench database: a server deployment, as production runs it. */
export function benchConfig(databaseUrl: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
}
