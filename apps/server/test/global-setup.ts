import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory, already migrated, dumped to this file (when tests run on PGlite). */
    pgliteTemplate: string;
    /** A migrated database on the TEST_DATABASE_URL server that each test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once, so that each test file starts from a copy of a migrated database instead of
 * creating and migrating its own (PGlite's initdb plus the migrations took seconds per file).
 * Each file still opens its copy with `openDatabase`, whose migrations then find the work done.
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
    return () => onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  }
  project.provide('pgliteTemplate', await pgliteTemplate());
  project.provide('postgresTemplate', '');
}

const migrationsFolder = path.join(import.meta.dirname, '../src/db/migrations');

/**
 * The migrated PGlite data directory as a file, kept between runs: its name is a digest of the
 * migrations and of PGlite's version, so a new or edited migration (or an upgrade) makes a new one.
 */
async function pgliteTemplate(): Promise<string> {
  const digest = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  digest.update(await readFile(path.join(path.dirname(pgliteEntry), '../package.json')));
  for (const name of (await readdir(migrationsFolder, { recursive: true })).sort()) {
    const file = path.join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) digest.update(name).update(await readFile(file));
  }
  const folder = path.join(tmpdir(), 'earnings-test-templates');
  const file = path.join(folder, `${digest.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({});
  const client = (database.db as unknown as { session: { client: PGlite } }).session.client;
  // Uncompressed: unpacking gzip in every file would cost more than reading the larger file.
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await database.close();
  await mkdir(folder, { recursive: true });
  // Written aside and renamed into place: a run started meanwhile never reads half a file.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, dump);
  await rename(partial, file);
  return file;
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
