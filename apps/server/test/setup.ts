import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { buildPath, type Endpoint, endpointBase, type InputOf, type OutputOf, SUCCESS_CODE } from '@app/contracts';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { InjectOptions, Response as LightMyRequestResponse } from 'light-my-request';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { AdjustableClock } from '../src/clock.ts';
import { loadConfig, type ServerConfig } from '../src/config.ts';
import { type Database, type DatabaseTimeouts, type Db, openDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { MemoryRateLimiter } from '../src/limits/counters.ts';
import { type HashCost, setHashCostForTests } from '../src/security.ts';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * argon2id's smallest cost (8 KiB, one pass) in the server's tests: what they check is which
 * secret matches, not the hashing's strength; a test of production's cost sets it back.
 */
export const TEST_HASH_COST: HashCost = { memoryCost: 8, timeCost: 1, parallelism: 1 };
setHashCostForTests(TEST_HASH_COST);

/** A test database; `url` is set on PostgreSQL, so a second pool (a second "process") can open it. */
export interface TestDatabase extends Database {
  url?: string;
}

/** Another connection pool to the same PostgreSQL test database, as a second server instance has. */
export async function openSecondPool(database: TestDatabase, poolSize = 10): Promise<Database> {
  if (!database.url) throw new Error('a second pool needs PostgreSQL (TEST_DATABASE_URL)');
  return openDatabase({ url: database.url, poolSize });
}

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL: empty (not yet migrated),
 * or a copy of `template`.
 */
export async function createEmptyDatabase(serverUrl: string, template?: string) {
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A database of its own for each test app: in-memory PGlite by default, or a database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped again by `close`); either starts as the global
 * setup migrated it (test/global-setup.ts).
 */
export async function openTestDatabase(timeouts?: DatabaseTimeouts): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return leasePglite();
  const copy = await createEmptyDatabase(serverUrl, inject('postgresTemplate') || undefined);
  const database = await openDatabase({ url: copy.url, poolSize: 30, timeouts });
  return {
    ...database,
    url: copy.url,
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}

/**
 * The PGlite databases this worker keeps between test apps. Opening one from the template costs
 * about a second of CPU (43 MB of data directory unpacked, PostgreSQL started); emptying one that an
 * app handed back costs tens of milliseconds, so a worker opens only as many as it has open at once.
 * On `globalThis` because scripts/vitest-fresh-modules.ts loads this module anew for every file.
 */
interface PgliteShelf {
  idle: PGlite[];
  /** The template's tables, columns, defaults, constraints, functions and triggers, digested. */
  shape?: string;
  /** A statement naming the tables that hold rows. */
  tablesInUse?: string;
}
const SHELF = Symbol.for('earnings-platform.test-pglite-shelf');
const worker = globalThis as { [SHELF]?: PgliteShelf };
worker[SHELF] ??= { idle: [] };
const shelf = worker[SHELF];
/** More would only hold memory: a test file opens at most a few apps at a time. */
const KEEP_IDLE = 2;

/** Object ids change when anything is dropped and made again, so no definition needs reading. */
const SHAPE = `select md5(string_agg(part, ',' order by part)) as shape from (
    select concat_ws(':', c.oid, c.relname, c.relkind, a.attnum, a.attname, a.atttypid, a.attnotnull, a.atthasdef) as part
    from pg_class c left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relnamespace = 'public'::regnamespace
  union all select concat_ws(':', oid, conname) from pg_constraint where connamespace = 'public'::regnamespace
  union all select concat_ws(':', oid, adrelid, adnum) from pg_attrdef
  union all select concat_ws(':', oid, proname) from pg_proc where pronamespace = 'public'::regnamespace
  union all select concat_ws(':', t.oid, tgname) from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = 'public'::regnamespace
) as parts`;

/** Written by the database itself: one statement that names those of its tables holding rows. */
const TABLES_IN_USE = `select 'select name from (values '
    || string_agg(format('(%L, exists (select from %s))', name, name), ', ')
    || ') as tables (name, used) where used' as statement
  from (select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public') as tables`;

/**
 * Back to what the migrations left: the tables holding rows truncated (with those referring to
 * them), every sequence used set back to its start, and the session's own state (settings,
 * temporary tables, locks) gone with DISCARD ALL.
 */
async function empty(client: PGlite, tablesInUse: string) {
  const used = (await client.query<{ name: string }>(tablesInUse)).rows.map((row) => row.name);
  if (used.length > 0) await client.exec(`truncate ${used.join(', ')} restart identity cascade`);
  await client.query(`select setval(format('%I.%I', schemaname, sequencename), start_value, false)
    from pg_sequences where schemaname = 'public' and last_value is not null`);
  await client.exec('discard all');
}

const shapeOf = async (client: PGlite) => (await client.query<{ shape: string }>(SHAPE)).rows[0]?.shape;

/** An in-memory PGlite as initdb leaves it, before any migration: for the tests of a migration. */
export async function openEmptyPglite(): Promise<PGlite> {
  return new PGlite({ loadDataDir: new Blob([await readFile(inject('pgliteEmpty'))]) });
}

async function leasePglite(): Promise<TestDatabase> {
  let client = shelf.idle.pop();
  if (!client) {
    const opened = await openDatabase({ loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) });
    client = (opened.db as unknown as { $client: PGlite }).$client;
    shelf.shape ??= await shapeOf(client);
    shelf.tablesInUse ??= (await client.query<{ statement: string }>(TABLES_IN_USE)).rows[0]?.statement;
  }
  const own = client;
  let handedBack = false;
  // What the app holds: it refuses every use once handed back, so nothing late from one app (a
  // query after its close) reaches the next app's rows.
  const lease = new Proxy(own, {
    get(target, property) {
      if (handedBack) throw new Error('this test database was closed');
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db: drizzlePglite(lease, { schema }) as unknown as Db,
    kind: 'pglite',
    async close() {
      if (handedBack) return;
      handedBack = true;
      // One a test changed the tables of (DDL) is closed rather than emptied.
      if (shelf.idle.length >= KEEP_IDLE || (await shapeOf(own)) !== shelf.shape) return own.close();
      await empty(own, shelf.tablesInUse as string);
      shelf.idle.push(own);
    },
  };
}

export interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  lang?: string;
  params?: Record<string, string | number>;
  /** An idempotent endpoint gets a fresh `idempotency-key` unless these name one. */
  headers?: Record<string, string>;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The whole server, wired as in production but on a test database with an adjustable clock. Its
 * webhook secret is random unless `env` names one, so no test writes the trial's secret file.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    timeouts,
    config: overrides,
    ...deps
  }: Pick<AppDeps, 'transports' | 'limiter' | 'logger' | 'deliverOnCommit'> & {
    timeouts?: DatabaseTimeouts;
    /** Settings no variable sets, such as where the built web app is. */
    config?: Partial<ServerConfig>;
  } = {},
) {
  const database = await openTestDatabase(timeouts);
  const clock = new AdjustableClock({ frozen: true });
  const limiter = deps.limiter ?? new MemoryRateLimiter(() => clock.now().getTime());
  // The sandbox provider's webhooks reach the app through inject: no socket in tests.
  let inject: ((options: InjectOptions) => Promise<LightMyRequestResponse>) | undefined;
  const fetchIntoApp = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    if (!inject) throw new Error('app not ready');
    const response = await inject({
      method: (init?.method ?? 'GET') as InjectOptions['method'],
      url: url.pathname + url.search,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
    });
    return new Response(response.body, { status: response.statusCode });
  }) as typeof fetch;
  const built = await buildApp({
    config: {
      ...loadConfig({
        TEST_MODE: '1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
        ...env,
      }),
      ...overrides,
    },
    logger: false,
    // A test sends its queued messages when it means to (t.services.deliveries.run()).
    deliverOnCommit: false,
    ...deps,
    database,
    clock,
    limiter,
    configCacheMs: 0,
    fetch: fetchIntoApp,
  });
  await built.app.ready();
  inject = (options) => built.app.inject(options);

  async function call<E extends Endpoint>(endpoint: E, input?: InputOf<E>, options: CallOptions = {}) {
    const url = endpointBase(endpoint) + buildPath(endpoint.path, options.params);
    const headers: Record<string, string> = {
      ...(endpoint.idempotent ? { 'idempotency-key': randomUUID() } : {}),
      ...options.headers,
    };
    if (options.token) headers.authorization = options.token;
    if (options.lang) headers['accept-language'] = options.lang;
    const isQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
    const response = await built.app.inject({
      method: endpoint.method,
      url,
      headers,
      ...(isQuery ? { query: stringify(input ?? {}) } : { payload: (input ?? {}) as object }),
    });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
    return response.json() as Answer<OutputOf<E>>;
  }

  /** Calls and insists on success, returning the data. */
  async function ok<E extends Endpoint>(endpoint: E, input?: InputOf<E>, options?: CallOptions) {
    const answer = await call(endpoint, input, options);
    if (answer.code !== SUCCESS_CODE) throw new Error(`expected success, got ${answer.code} ${answer.msg}`);
    return answer.data;
  }

  return {
    ...built,
    database,
    db: database.db,
    clock,
    limiter,
    call,
    ok,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

function stringify(input: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}
