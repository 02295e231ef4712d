import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  SMTP_FROM: z.string().default('Minerva <no-reply@minerva.example>'),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  TEST_MODE: flag,
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).default('sandbox-webhook-secret-change-me'),
  INTERNAL_URL: z.url().optional(),
  DEMO_CONTENT: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a valid session is remembered between lookups (0: looked up on every call). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Accrual batches in flight at once on PostgreSQL (PGlite has one connection: always 1). */
  ACCRUAL_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  JOBS: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
});

export type AppEnv = z.infer<typeof envSchema>;

export interface ServerConfig extends AppEnv {
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
  const config = parsed.data;
  if (config.TEST_MODE && config.NODE_ENV === 'production' && config.DATABASE_URL) {
    throw new Error('TEST_MODE must never run against a production database (NODE_ENV=production with DATABASE_URL)');
  }
  return {
    ...config,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    internalUrl: config.INTERNAL_URL ?? `http://127.0.0.1:${config.PORT}`,
    pgliteDir: path.resolve(config.DATA_DIR, 'pglite'),
    webDist: path.join(repoRoot, 'apps/web/dist'),
    adminDist: path.join(repoRoot, 'apps/admin/dist'),
  };
}
