import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What this run may do with money, decided once from the environment: `main.ts`, `app.ts` and the
 * services read these decisions, never the variables behind them.
 */
export interface RunMode {
  /**
   * `embedded`: the zero-setup trial (PGlite, no real payment provider), never real money.
   * `server`: PostgreSQL (`DATABASE_URL`) or a real payment provider configured: real money.
   */
  deployment: 'embedded' | 'server';
  /** The built-in sandbox provider: its pay pages, its webhook and its deposit methods. */
  sandbox: boolean;
  /** Demo machines and the demo user, seeded into a database that has no users yet. */
  demoContent: boolean;
  /** Signs and verifies the sandbox's webhooks, and keys the verification codes' hashes. */
  webhookSecret: string;
  /** Where the secret came from, for the start log: the variable's name or the trial's file. */
  webhookSecretSource: string;
  /** Verification codes stay readable in the outbox and the log: the trial and TEST_MODE only. */
  exposeCodes: boolean;
  /** The built web app and back office are served (when built); development uses Vite's own servers. */
  serveBuiltApps: boolean;
}

export interface RunModeEnv {
  NODE_ENV: 'development' | 'production' | 'test';
  DATA_DIR: string;
  DATABASE_URL?: string;
  PAYSTACK_SECRET_KEY?: string;
  PAYMENTS_SANDBOX?: boolean;
  DEMO_CONTENT?: boolean;
  PAYMENT_WEBHOOK_SECRET?: string;
  TEST_MODE: boolean;
}

export const WEBHOOK_SECRET_MIN_LENGTH = 32;
export const WEBHOOK_SECRET_FILE = 'webhook-secret';

/** Words of the values people paste from examples; compared on letters and digits only. */
const PLACEHOLDERS = ['changeme', 'replaceme', 'secret', 'password', 'example', 'placeholder', 'default', 'test'];

/** Why `secret` cannot guard real money, or null when it can. */
export function weakSecretReason(secret: string): string | null {
  if (secret.length < WEBHOOK_SECRET_MIN_LENGTH) return `is shorter than ${WEBHOOK_SECRET_MIN_LENGTH} characters`;
  if (new Set(secret).size < 8 || /^(.+)\1+$/s.test(secret)) return 'repeats a few characters';
  const letters = secret.toLowerCase().replace(/[^a-z0-9]/g, '');
  const placeholder = PLACEHOLDERS.find((word) => letters.includes(word));
  return placeholder ? `contains the placeholder word "${placeholder}"` : null;
}

const HOW_TO_SET = `set a random value of at least ${WEBHOOK_SECRET_MIN_LENGTH} characters, e.g. \`openssl rand -hex 32\``;

function checked(secret: string, source: string): string {
  const reason = weakSecretReason(secret);
  if (reason) throw new Error(`${source} ${reason}: ${HOW_TO_SET}`);
  return secret;
}

/**
 * The trial's own secret, made at its first start and kept in DATA_DIR for this user only. Written
 * to a temporary file and linked into place, so a second start never reads a half-written file.
 */
function keptSecret(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return checked(readFileSync(file, 'utf8').trim(), file);
}

function webhookSecret(env: RunModeEnv, trial: boolean): { secret: string; source: string } {
  if (env.PAYMENT_WEBHOOK_SECRET !== undefined) {
    return { secret: checked(env.PAYMENT_WEBHOOK_SECRET, 'PAYMENT_WEBHOOK_SECRET'), source: 'PAYMENT_WEBHOOK_SECRET' };
  }
  if (!trial) {
    throw new Error(
      `PAYMENT_WEBHOOK_SECRET is required when DATABASE_URL or a payment provider is set (real money): ${HOW_TO_SET}`,
    );
  }
  const file = path.resolve(env.DATA_DIR, WEBHOOK_SECRET_FILE);
  return { secret: keptSecret(file), source: file };
}

/**
 * Real money turns the trial's conveniences off: the sandbox (anyone can approve their own
 * payment there), demo content and readable codes, each unless named on purpose.
 */
export function decideRunMode(env: RunModeEnv): RunMode {
  // The movable clock and readable codes are for test runs only: a deployment that left NODE_ENV
  // unset (development by default) must not start with them either.
  if (env.TEST_MODE && env.NODE_ENV !== 'test') {
    throw new Error(
      `TEST_MODE=1 needs NODE_ENV=test (here NODE_ENV=${env.NODE_ENV}; unset means development): run tests and tools with NODE_ENV=test TEST_MODE=1, and never set TEST_MODE on a deployment`,
    );
  }
  const deployment = env.DATABASE_URL || env.PAYSTACK_SECRET_KEY ? 'server' : 'embedded';
  const trial = deployment === 'embedded';
  const { secret, source } = webhookSecret(env, trial);
  return {
    deployment,
    sandbox: env.PAYMENTS_SANDBOX ?? trial,
    demoContent: env.DEMO_CONTENT ?? trial,
    webhookSecret: secret,
    webhookSecretSource: source,
    exposeCodes: trial || env.TEST_MODE,
    serveBuiltApps: env.NODE_ENV !== 'development',
  };
}
