import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers and a transaction share this type: services take it and pass `tx` down. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Rows of a raw query; both drivers answer with `{ rows }`. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

/**
 * Rows of a statement that PostgreSQL parses and plans once per connection (a named prepared
 * statement), written as plain SQL, for the busiest paths: on a small machine, planning a short
 * statement costs more than running it, and building one with the query builder costs more than
 * both. `name` always goes with the same `text`. Runs on `db`'s connection, so inside a
 * transaction too. PGlite keeps no plans worth having and runs the text as it is.
 */
export async function preparedRows<Row>(db: Db, name: string, text: string, params: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { session: { client: pg.Pool | pg.PoolClient | PGlite | Transaction } }).session
    .client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await client.query({ name, text, values: params })).rows as Row[];
  }
  return (await client.query<Row>(text, params)).rows;
}

/**
 * Rows as one array per column, the parameters of a statement that unnests them back into rows:
 * one statement text however many rows, where a VALUES list would need one per count.
 */
export const columnsOf = (rows: unknown[][], width: number) =>
  Array.from({ length: width }, (_, column) => rows.map((row) => row[column]));

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in `dataDir`, or in memory). */
export async function openDatabase(options: { url?: string; dataDir?: string; poolSize?: number }): Promise<Database> {
  if (options.url) {
    // Short OLTP statements gain nothing from JIT compilation, and large set-based ones (accrual)
    // lose tens of milliseconds per statement to it.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20, options: '-c jit=off' });
    // An idle connection the server closes (restart, failover, a dropped database) is replaced on
    // the next checkout; unhandled, the pool's error event would end the process.
    pool.on('error', (error) => console.warn(`database: idle connection lost (${error.message})`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
