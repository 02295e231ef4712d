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
  const client = clientOf(db);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await client.query({ name, text, values: params })).rows as Row[];
  }
  return (await client.query<Row>(text, params)).rows;
}

/**
 * Rows of a statement written as plain SQL with numbered parameters, planned for its parameters
 * each time: SQL that is also run outside the app (the bench's baseline runs the accrual's), where
 * a plan kept from another batch's figures could be the wrong one. Runs on `db`'s connection.
 */
export async function textRows<Row>(db: Db, text: string, params: unknown[]): Promise<Row[]> {
  const client = clientOf(db);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await client.query(text, params)).rows as Row[];
  }
  return (await client.query<Row>(text, params)).rows;
}

const clientOf = (db: Db) =>
  (db as unknown as { session: { client: pg.Pool | pg.PoolClient | PGlite | Transaction } }).session.client;

/**
 * Rows as one array per column, the parameters of a statement that unnests them back into rows:
 * one statement text however many rows, where a VALUES list would need one per count.
 */
export const columnsOf = (rows: unknown[][], width: number) =>
  Array.from({ length: width }, (_, column) => rows.map((row) => row[column]));

/**
 * The columns of rows that a statement unnests: each one's name, SQL type and value in a row. The
 * statement's text (`unnestOf`, `namesOf`) and its parameters (`paramsOf`) are made from the one
 * list, so they cannot disagree on an order or a type.
 */
export type Columns<Row> = readonly (readonly [name: string, type: string, value: (row: Row) => unknown])[];

/** `unnest($from::type[], …)` of these columns; alias its rows with `namesOf`. */
export const unnestOf = <Row>(columns: Columns<Row>, from: number) =>
  `unnest(${columns.map(([, type], index) => `$${from + index}::${type}[]`).join(', ')})`;

export const namesOf = <Row>(columns: Columns<Row>) => columns.map(([name]) => name).join(', ');

/** The parameters of `unnestOf(columns)` for these rows: one array per column. */
export const paramsOf = <Row>(columns: Columns<Row>, rows: Row[]) =>
  columns.map(([, , value]) => rows.map((row) => value(row)));

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * PostgreSQL's limits on each connection of the pool, in milliseconds (0: none), so that one stuck
 * lock, one slow statement or one user's burst holds a connection only so long and cannot stall
 * everyone else (and `/readyz`) behind it.
 */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  /** How long a query waits for a free connection of the pool. */
  acquireMs: number;
}

export const timeoutsOf = (config: {
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_LOCK_TIMEOUT_MS: number;
  DB_IDLE_IN_TX_TIMEOUT_MS: number;
  DB_ACQUIRE_TIMEOUT_MS: number;
}): DatabaseTimeouts => ({
  statementMs: config.DB_STATEMENT_TIMEOUT_MS,
  lockMs: config.DB_LOCK_TIMEOUT_MS,
  idleInTransactionMs: config.DB_IDLE_IN_TX_TIMEOUT_MS,
  acquireMs: config.DB_ACQUIRE_TIMEOUT_MS,
});

// Short OLTP statements gain nothing from JIT compilation, and large set-based ones (accrual)
// lose tens of milliseconds per statement to it.
const SESSION_OPTIONS = '-c jit=off';

export interface DatabaseOptions {
  url?: string;
  dataDir?: string;
  /** PGlite only: start from this dump of a data directory instead of an empty one (tests start migrated). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** PostgreSQL only; without them, the server's own settings (by default none). */
  timeouts?: DatabaseTimeouts;
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in `dataDir`, or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    await migrateOnce(options.url);
    const { timeouts } = options;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      options: SESSION_OPTIONS,
      statement_timeout: timeouts?.statementMs,
      lock_timeout: timeouts?.lockMs,
      idle_in_transaction_session_timeout: timeouts?.idleInTransactionMs,
      connectionTimeoutMillis: timeouts?.acquireMs,
      keepAlive: true,
    });
    // A connection the server closes (restart, failover, pg_terminate_backend, a timeout) emits
    // 'error': unhandled, that event ends the process. The pool handles idle connections' errors
    // through its own event; a checked-out connection's come on the client itself. Either way the
    // query in flight fails (its request answers an error) and the pool replaces the connection.
    pool.on('error', (error) => console.warn(`database: idle connection lost (${error.message})`));
    const checkedOut = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_error, client) => checkedOut.delete(client));
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        console.warn(`database: connection lost (${error.message})`);
        if (!checkedOut.has(client)) return;
        // Its holder may never give it back (Drizzle does not release a connection whose BEGIN
        // failed): its slot in the pool is freed now, and the holder's own release does nothing.
        const holder = client as pg.PoolClient;
        holder.release(error);
        holder.release = () => undefined;
      });
    });
    const db = drizzlePg(pool, { schema });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * Runs the migrations under an advisory lock, so instances started together take turns: the
 * first migrates, the others find the work done. The lock lives in a session of its own, outside
 * the pool's timeouts: waiting for another instance's migration, or building an index on a big
 * table, may rightly take longer than any request should. Ending the session releases the lock.
 */
async function migrateOnce(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: SESSION_OPTIONS });
  client.on('error', (error) => console.warn(`database: migration connection lost (${error.message})`));
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('minerva: migrations'))`);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

// Failures after which the same request may well succeed a moment later. SQLSTATEs: a timeout
// (57014 statement, 55P03 lock, 25P03 idle in transaction), a connection the server ended (57P0x),
// too many connections (53300), any connection exception (class 08); and the socket's own codes.
const TRANSIENT_CODES = new Set([
  '57014',
  '55P03',
  '25P03',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
// What the driver and the pool say when the connection is gone or none is free in time.
const TRANSIENT_MESSAGES = ['timeout exceeded when trying to connect', 'Connection terminated', 'not queryable'];

/**
 * True when a query failed because the database could not serve it now (busy, timed out, or the
 * connection was lost), not because of what it asked: the caller answers "busy, try again".
 */
export function isTransientDatabaseError(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = (current as { cause?: unknown }).cause) {
    const { code, message } = current as Error & { code?: unknown };
    if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || code.startsWith('08'))) return true;
    if (TRANSIENT_MESSAGES.some((known) => message.includes(known))) return true;
  }
  return false;
}
