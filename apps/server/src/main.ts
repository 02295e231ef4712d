import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, timeoutsOf } from './db/client.ts';
import { DEMO_USER, seedDemoContent } from './demo.ts';
import { connectRedis } from './limits/counters.ts';
import { SMS_PROVIDER_NAMES } from './notify/providers.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.pgliteDir,
  timeouts: timeoutsOf(config),
});
const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL) : undefined;
const built = await buildApp({ config, database, redis });
const { app, scheduler, services } = built;
const log = app.log;

if (config.TEST_MODE) {
  log.warn(
    '!!! TEST_MODE is ON: /api/v1/__test/* can move the clock and read verification codes. Never in production. !!!',
  );
}

const phones = await services.accounts.storePhonesInE164();
if (phones.rewritten > 0 || phones.left.length > 0) {
  log.info(phones, 'phone accounts kept as typed were rewritten in E.164');
}

const owner = await services.admins.ensureOwner(config.ADMIN_EMAIL ?? 'admin@minerva.local', config.ADMIN_PASSWORD);
const { mode } = config;
if (mode.demoContent) await seedDemoContent(built);

await app.listen({ port: config.PORT, host: config.HOST });
if (config.JOBS) scheduler.start();

const base = config.publicUrl;
const lines = [
  '',
  `  Web app:      ${base}/`,
  `  Back office:  ${base}/admin/`,
  `  API docs:     ${base}/api/docs`,
  `  Database:     ${database.kind === 'pglite' ? `embedded PGlite in ${config.pgliteDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  mode.deployment === 'embedded'
    ? '  Mode:         embedded TRIAL, not for real money (DATABASE_URL or a payment provider makes a server deployment)'
    : '  Mode:         server deployment, real money',
  `  Sandbox pay:  ${mode.sandbox ? 'ON: anyone can approve their own top-up at /sandbox/pay' : 'off'} (PAYMENTS_SANDBOX)`,
  `  Demo content: ${mode.demoContent ? 'on' : 'off'} (DEMO_CONTENT)`,
  `  Webhook secret: ${mode.webhookSecretSource === 'PAYMENT_WEBHOOK_SECRET' ? 'PAYMENT_WEBHOOK_SECRET' : `generated once, kept in ${mode.webhookSecretSource}`}`,
];
if (owner) {
  lines.push(
    `  Back-office sign-in: ${owner.email} / ${owner.password ?? '(the ADMIN_PASSWORD you set)'}`,
    owner.password ? '  (generated once: write it down; it is not shown again)' : '',
  );
} else {
  lines.push('  Back-office sign-in: the owner account created on first start (ADMIN_EMAIL).');
}
if (mode.demoContent) {
  lines.push(
    `  Demo user:    ${DEMO_USER.account} / ${DEMO_USER.password}  (invite code for sign-up: ${DEMO_USER.inviteCode})`,
  );
}
const smsProvider = config.SMS_PROVIDER ? SMS_PROVIDER_NAMES[config.SMS_PROVIDER] : undefined;
const channels = [config.SMTP_URL ? 'email (SMTP_URL)' : '', smsProvider ? `SMS (${smsProvider})` : '']
  .filter(Boolean)
  .join(' and ');
lines.push(`  SMS provider: ${smsProvider ?? 'none'} (SMS_PROVIDER)`);
if (mode.exposeCodes) {
  lines.push(
    channels
      ? `  Sign-up codes: sent by ${channels}, and also listed in Back office → Outbox (trial or TEST_MODE).`
      : '  Sign-up codes: no email/SMS provider is set, so codes are printed here and listed in Back office → Outbox.',
  );
} else {
  lines.push(
    channels
      ? `  Sign-up codes: sent by ${channels} only; never kept or logged in plain text.`
      : '  Sign-up codes: never kept or logged in plain text, and no SMTP_URL or SMS_PROVIDER is set: no code can reach a user.',
  );
  if (!smsProvider) lines.push('  Phone sign-up: off (no SMS_PROVIDER): users sign up with an email address.');
}
if (!mode.serveBuiltApps)
  lines.push('  (development mode: run `npm start` to serve the built web app and back office)');
const banner = lines.filter(Boolean).join('\n');
// Printed plainly for the person at the terminal, and as one structured line for log collectors.
process.stdout.write(`${banner}\n\n`);
log.info(
  {
    url: base,
    database: database.kind,
    admin: owner?.email,
    deployment: mode.deployment,
    sandbox: mode.sandbox,
    demoContent: mode.demoContent,
    webhookSecret: mode.webhookSecretSource,
    exposeCodes: mode.exposeCodes,
    smsProvider: config.SMS_PROVIDER ?? null,
    testMode: config.TEST_MODE,
  },
  'ready',
);

// SIGTERM or SIGINT: stop being offered requests (/readyz), stop taking them, let those and the
// jobs in flight finish, then close the database. A second signal, or SHUTDOWN_TIMEOUT_MS, ends
// the process at once; an uncaught error takes the same way out, with exit code 1.
closeWithGrace(
  { delay: config.SHUTDOWN_TIMEOUT_MS, logger: { error: (message: string) => log.error(message) } },
  async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an uncaught error');
    else log.info({ signal }, 'shutting down: finishing requests and jobs in flight');
    built.drain();
    if (config.SHUTDOWN_DRAIN_MS > 0) await sleep(config.SHUTDOWN_DRAIN_MS);
    await Promise.all([app.close(), scheduler.stop()]);
    await database.close();
    redis?.disconnect();
  },
);
