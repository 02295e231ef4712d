import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh database on the server of `serverUrl`; drop() removes it again. */
export async function createBenchDatabase(serverUrl: string) {
  const name = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
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
