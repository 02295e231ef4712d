import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN_EMAIL = 'owner@e2e.test';
export const ADMIN_PASSWORD = 'e2e-owner-Passw0rd';

export interface RunningServer {
  baseUrl: string;
  logFile: string;
  /** The last lines the server printed, for failure reports. */
  logTail: (lines?: number) => string;
  /** The server's logged errors (pino level ≥ 50), one short line each. */
  errors: () => string[];
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/** The journeys' server (the default): the test clock and outbox on, client addresses told by the journeys. */
const TEST_ENV = {
  // TEST_MODE starts only with NODE_ENV=test, which still serves the built apps.
  NODE_ENV: 'test',
  TEST_MODE: '1',
  // the journeys tell their own addresses (see Api's clientAddress)
  TRUST_PROXY: '127.0.0.1',
};

export interface ServerOptions {
  /** As `npm run serve` (NODE_ENV=production: what a user's phone gets), without the test clock. */
  production?: boolean;
  /** Its log's file name in `e2e/.tmp` (default `server.log`). */
  logName?: string;
  /**
   * A server deployment (real money) on a fresh database of this PostgreSQL server
   * (`postgres://…/postgres`), dropped again by `stop`: NODE_ENV=production, DATABASE_URL and a
   * random PAYMENT_WEBHOOK_SECRET; no sandbox, demo content or test clock.
   */
  postgres?: string;
  /** More variables, given the server's address (an SMS stand-in's `env(publicUrl)`); they win. */
  env?: (baseUrl: string) => Record<string, string>;
}

/**
 * Starts the server as `npm start` runs it (the embedded trial, serving the built web app and back
 * office) on a free port with a fresh PGlite directory: with the test clock on, or, with
 * `production`, exactly as `npm run serve`; with `postgres`, as a server deployment on a database
 * of its own.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  // bench's fresh database, loaded only here: the usual run needs neither pg nor the server's config
  const database = options.postgres
    ? await (await import('../../bench/db.ts')).createBenchDatabase(options.postgres, 'e2e')
    : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  const logDir = path.join(REPO_ROOT, 'e2e/.tmp');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, options.logName ?? 'server.log');
  const log = createWriteStream(logFile);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deployment = database
    ? {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      }
    : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...(deployment ?? (options.production ? { NODE_ENV: 'production' } : TEST_ENV)),
      PORT: String(port),
      HOST: '127.0.0.1',
      // the sandbox pay page returns to PUBLIC_URL (default http://localhost:PORT): another origin, without the session
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...options.env?.(baseUrl),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  const logTail = (lines = 20) => {
    try {
      return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  };
  const errors = () =>
    logTail(10_000)
      .split('\n')
      .flatMap((line) => {
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
          return (entry.level ?? 0) >= 50 ? [`${entry.msg ?? ''}: ${entry.err?.message ?? ''}`.slice(0, 300)] : [];
        } catch {
          return [];
        }
      });
  try {
    await waitForHealth(baseUrl, child, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${logTail()}`);
  }
  return { baseUrl, logFile, logTail, errors, stop };
}
