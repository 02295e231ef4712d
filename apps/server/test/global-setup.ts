import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory, already migrated, dumped to this file (when tests run on PGlite). */
    pgliteTemplate: string;
    /** A PGlite data directory as initdb leaves it, before any migration, dumped to this file. */
    pgliteEmpty: string;
    /** A migrated database on the TEST_DATABASE_URL server that each test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once, so that each test app starts from a copy of a migrated database instead of
 * creating and migrating its own (PGlite's initdb plus the migrations took seconds per file).
 * A copy is opened with `openDatabase`, whose migrations then find the work done; on PGlite a
 * worker empties and reuses the copies its apps hand back (`openTestDatabase` in test/setup.ts).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await onServer(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Migrated through the production path (advisory lock and all), then closed: a database
    // someone is connected to cannot serve as a template.
    await (await openDatabase({ url: url.toString(), poolSize: 1 })).close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    project.provide('pgliteEmpty', '');
    return () => onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  }
  const { migrated, empty } = await pgliteTemplates();
  project.provide('pgliteTemplate', migrated);
  project.provide('pgliteEmpty', empty);
  project.provide('postgresTemplate', '');
}

const migrationsFolder = path.join(import.meta.dirname, '../src/db/migrations');

/**
 * The PGlite data directory as files, kept between runs, migrated and (for the tests of a
 * migration itself) as initdb left it: their names are a digest of the migrations and of PGlite's
 * version, so a new or edited migration (or an upgrade) makes new ones.
 */
async function pgliteTemplates(): Promise<{ migrated: string; empty: string }> {
  const digest = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  digest.update(await readFile(path.join(path.dirname(pgliteEntry), '../package.json')));
  for (const name of (await readdir(migrationsFolder, { recursive: true })).sort()) {
    const file = path.join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) digest.update(name).update(await readFile(file));
  }
  const folder = path.join(tmpdir(), 'earnings-test-templates');
  const name = digest.digest('hex').slice(0, 16);
  const files = { migrated: path.join(folder, `${name}.tar`), empty: path.join(folder, `${name}-empty.tar`) };
  if (existsSync(files.migrated) && existsSync(files.empty)) return files;
  // initdb costs seconds: it runs once, and the migrations start from its dump.
  const fresh = await PGlite.create();
  const empty = await fresh.dumpDataDir('none');
  await fresh.close();
  const database = await openDatabase({ loadDataDir: empty });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Uncompressed: unpacking gzip in every file would cost more than reading the larger file.
  const migrated = await client.dumpDataDir('none');
  await database.close();
  await mkdir(folder, { recursive: true });
  await writeAside(files.empty, empty);
  await writeAside(files.migrated, migrated);
  return files;
}

/** Written aside and renamed into place: a run started meanwhile never reads half a file. */
async function writeAside(file: string, dump: Blob) {
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
