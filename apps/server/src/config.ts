import path from 'node:path';
import { OPERATOR_PASSWORD } from '@app/contracts';
import { z } from 'zod';
import { trustProxySetting } from './http/trust-proxy.ts';
import { SMS_PROVIDERS } from './notify/providers.ts';
import { decideRunMode, type RunMode } from './run-mode.ts';

/** On, off, or absent: the run mode's default decides (`run-mode.ts`). */
const switchOverride = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((value) => (value === '' || value === undefined ? undefined : value === '1' || value === 'true'));

const flag = switchOverride.transform((value) => value ?? false);

/** Every variable the server reads; `.env.example` lists each (a test holds it to that). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  SMTP_FROM: z.string().default('Minerva <no-reply@minerva.example>'),
  /** Sends SMS codes; without one, a server deployment takes no phone sign-up (`notify/`). */
  SMS_PROVIDER: z.enum(SMS_PROVIDERS).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** A number (E.164) or an alphanumeric sender id; or TWILIO_MESSAGING_SERVICE_SID instead. */
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().min(1).optional(),
  /** Twilio's API; tests point it at a local stand-in. */
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  AFRICASTALKING_USERNAME: z.string().min(1).optional(),
  AFRICASTALKING_API_KEY: z.string().min(1).optional(),
  /** A registered sender id or short code; the account's default when unset. */
  AFRICASTALKING_FROM: z.string().min(1).optional(),
  /** Africa's Talking's API (https://api.sandbox.africastalking.com for its sandbox); tests point it at a stand-in. */
  AFRICASTALKING_BASE_URL: z.url().default('https://api.africastalking.com'),
  /** Africa's Talking signs no delivery report: its report URL carries this secret (`?secret=`). */
  AFRICASTALKING_CALLBACK_SECRET: z.string().min(16).optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(OPERATOR_PASSWORD.min).max(OPERATOR_PASSWORD.max).optional(),
  TRUST_PROXY: trustProxySetting,
  TEST_MODE: flag,
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  PAYMENTS_SANDBOX: switchOverride,
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  /** Paystack's API; tests point it at a local stand-in. */
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** The currency of every Paystack collection and transfer (Nigeria's by default). */
  PAYSTACK_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('NGN'),
  /** Domain of the placeholder payer email of users who signed up with a phone (default: PUBLIC_URL's host). */
  PAYSTACK_PAYER_EMAIL_DOMAIN: z.string().min(1).optional(),
  /** How long one request to Paystack may take before its outcome counts as unknown (ms). */
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  INTERNAL_URL: z.url().optional(),
  DEMO_CONTENT: switchOverride,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a valid session is remembered between lookups (0: looked up on every call). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Accrual batches in flight at once on PostgreSQL (PGlite has one connection: always 1). */
  ACCRUAL_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  JOBS: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
  /** PostgreSQL cancels a statement running longer than this (ms). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /** A statement waiting this long for a row or table lock gives up (ms). */
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  /** A session left idle inside a transaction this long is closed by PostgreSQL (ms). */
  DB_IDLE_IN_TX_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** How long a request waits for a free connection of the pool (ms). */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  /** On SIGTERM: how long /readyz answers "draining" before the server stops taking requests (ms). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** On SIGTERM: how long requests and jobs in flight may take before the process exits anyway (ms). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(25_000),
  /** The largest image file an upload may send (bytes). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(50 * 2 ** 20)
    .default(5 * 2 ** 20),
  /** Image decodes running at once in this process; more uploads wait their turn (issue 29). */
  UPLOAD_DECODES: z.coerce.number().int().min(1).max(16).default(2),
  /** Megapixels (from the headers) of all the images decoding at once; a larger image is refused. */
  UPLOAD_DECODE_MEGAPIXELS: z.coerce.number().int().min(1).max(1000).default(50),
  /** How long an upload waits for its decode before it is refused as busy (ms). */
  UPLOAD_DECODE_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Uploads go to this S3-compatible bucket instead of the database (with the S3_ settings below). */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The storage's address for S3-compatible services other than AWS (MinIO, R2…). */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Paths instead of bucket subdomains, which MinIO and most self-hosted storage need. */
  S3_FORCE_PATH_STYLE: flag,
});

export type AppEnv = z.infer<typeof envSchema>;

/** The variables each SMS provider cannot work without, as one of them or a set of alternatives. */
const SMS_REQUIRED: Record<(typeof SMS_PROVIDERS)[number], (keyof AppEnv | (keyof AppEnv)[])[]> = {
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', ['TWILIO_FROM', 'TWILIO_MESSAGING_SERVICE_SID']],
  africastalking: ['AFRICASTALKING_USERNAME', 'AFRICASTALKING_API_KEY', 'AFRICASTALKING_CALLBACK_SECRET'],
};

/** What the chosen SMS provider lacks, named so the operator knows what to set. */
function missingSmsSettings(env: AppEnv): string[] {
  if (!env.SMS_PROVIDER) return [];
  return SMS_REQUIRED[env.SMS_PROVIDER]
    .filter((needed) => (Array.isArray(needed) ? needed : [needed]).every((name) => !env[name]))
    .map((needed) => (Array.isArray(needed) ? needed.join(' or ') : needed));
}

/** The switches behind `mode` stay out: everything reads the decisions. */
export interface ServerConfig extends Omit<AppEnv, 'PAYMENT_WEBHOOK_SECRET' | 'PAYMENTS_SANDBOX' | 'DEMO_CONTENT'> {
  mode: RunMode;
  publicUrl: string;
  /** Where this server reaches itself (the sandbox provider's webhooks). */
  internalUrl: string;
  pgliteDir: string;
  webDist: string;
  adminDist: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const missing = missingSmsSettings(parsed.data);
  if (missing.length > 0) {
    throw new Error(`SMS_PROVIDER=${parsed.data.SMS_PROVIDER} needs ${missing.join(', ')}`);
  }
  const { PAYMENT_WEBHOOK_SECRET: _secret, PAYMENTS_SANDBOX: _sandbox, DEMO_CONTENT: _demo, ...config } = parsed.data;
  return {
    ...config,
    mode: decideRunMode(parsed.data),
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    internalUrl: config.INTERNAL_URL ?? `http://127.0.0.1:${config.PORT}`,
    pgliteDir: path.resolve(config.DATA_DIR, 'pglite'),
    webDist: path.join(repoRoot, 'apps/web/dist'),
    adminDist: path.join(repoRoot, 'apps/admin/dist'),
  };
}
