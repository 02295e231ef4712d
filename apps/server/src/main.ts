import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_USER, seedDemoContent } from './demo.ts';
import { MemoryRateLimiter, RedisRateLimiter } from './http/rate-limit.ts';
import { smtpTransport } from './notify/notifier.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.pgliteDir });
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
const built = await buildApp({
  config,
  database,
  limiter: redis ? new RedisRateLimiter(redis) : new MemoryRateLimiter(),
  transports: config.SMTP_URL ? { email: smtpTransport(config.SMTP_URL, config.SMTP_FROM) } : {},
});
const { app, scheduler, services } = built;
const log = app.log;

if (config.TEST_MODE) {
  log.warn(
    '!!! TEST_MODE is ON: /api/v1/__test/* can move the clock and read verification codes. Never in production. !!!',
  );
}

const owner = await services.admins.ensureOwner(config.ADMIN_EMAIL ?? 'admin@minerva.local', config.ADMIN_PASSWORD);
const seeded = !config.DATABASE_URL && config.DEMO_CONTENT ? await seedDemoContent(built) : false;

await app.listen({ port: config.PORT, host: config.HOST });
if (config.JOBS) scheduler.start();

const base = config.publicUrl;
const lines = [
  '',
  `  Web app:      ${base}/`,
  `  Back office:  ${base}/admin/`,
  `  API docs:     ${base}/api/docs`,
  `  Database:     ${database.kind === 'pglite' ? `embedded PGlite in ${config.pgliteDir}` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (owner) {
  lines.push(
    `  Back-office sign-in: ${owner.email} / ${owner.password ?? '(the ADMIN_PASSWORD you set)'}`,
    owner.password ? '  (generated once: write it down; it is not shown again)' : '',
  );
} else {
  lines.push('  Back-office sign-in: the owner account created on first start (ADMIN_EMAIL).');
}
if (seeded || (!config.DATABASE_URL && config.DEMO_CONTENT)) {
  lines.push(
    `  Demo user:    ${DEMO_USER.account} / ${DEMO_USER.password}  (invite code for sign-up: ${DEMO_USER.inviteCode})`,
  );
}
lines.push(
  database.kind === 'pglite' && !config.SMTP_URL
    ? '  Sign-up codes: no email/SMS provider is set, so codes are printed here and listed in Back office → Outbox.'
    : '',
);
if (config.NODE_ENV !== 'production')
  lines.push('  (development mode: run `npm start` to serve the built web app and back office)');
const banner = lines.filter(Boolean).join('\n');
// Printed plainly for the person at the terminal, and as one structured line for log collectors.
process.stdout.write(`${banner}\n\n`);
log.info({ url: base, database: database.kind, admin: owner?.email }, 'ready');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: finishing requests in flight');
  scheduler.stop();
  await app.close();
  await database.close();
  redis?.disconnect();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
