import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminApi, api, ERRORS } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { deposits, outbox, verificationCodes } from '../src/db/schema.ts';
import { Deliveries } from '../src/notify/deliveries.ts';
import { codeMessage, HIDDEN_CODE, Notifier } from '../src/notify/notifier.ts';
import type { Deliverable } from '../src/notify/transport.ts';
import { signWebhook } from '../src/payments/sandbox.ts';
import { WEBHOOK_SECRET_FILE } from '../src/run-mode.ts';
import { derivedKey, sha256 } from '../src/security.ts';
import { nextAccount, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

const DATABASE_URL = 'postgres://minerva@db.internal:5432/minerva';
const STRONG_SECRET = 'f3a9c1e07b5d48a2961c0e7fb4d2a85c39e1706b';
const PUBLISHED_SECRET = 'sandbox-webhook-secret-change-me';

const dataDirs: string[] = [];
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'run-mode-'));
  dataDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the run mode, decided from the environment', () => {
  it('a server deployment without PAYMENT_WEBHOOK_SECRET refuses to start and names the variable', () => {
    expect(() => loadConfig({ DATABASE_URL })).toThrow(/PAYMENT_WEBHOOK_SECRET/);
  });

  it('a server deployment refuses the old published secret, a short one and obvious ones', () => {
    for (const secret of [
      PUBLISHED_SECRET,
      'Zq8#kLm2',
      'changeme',
      'a'.repeat(40),
      'abc123'.repeat(8),
      'please-changeme-to-a-long-random-value-0123',
    ]) {
      expect(() => loadConfig({ DATABASE_URL, PAYMENT_WEBHOOK_SECRET: secret }), secret).toThrow(
        /PAYMENT_WEBHOOK_SECRET/,
      );
    }
  });

  it('a server deployment with a long random secret starts with the sandbox, demo content and codes off', () => {
    const { mode } = loadConfig({ DATABASE_URL, PAYMENT_WEBHOOK_SECRET: STRONG_SECRET });
    expect(mode).toMatchObject({
      deployment: 'server',
      sandbox: false,
      demoContent: false,
      exposeCodes: false,
      webhookSecret: STRONG_SECRET,
      webhookSecretSource: 'PAYMENT_WEBHOOK_SECRET',
    });
  });

  it('a real payment provider makes a server deployment even on the embedded database', () => {
    const DATA_DIR = freshDataDir();
    expect(() => loadConfig({ DATA_DIR, PAYSTACK_SECRET_KEY: 'sk_live_x' })).toThrow(/PAYMENT_WEBHOOK_SECRET/);
    const { mode } = loadConfig({ DATA_DIR, PAYSTACK_SECRET_KEY: 'sk_live_x', PAYMENT_WEBHOOK_SECRET: STRONG_SECRET });
    expect(mode).toMatchObject({ deployment: 'server', sandbox: false, demoContent: false, exposeCodes: false });
  });

  it('the sandbox and demo content come back only when named on purpose', () => {
    const named = loadConfig({
      DATABASE_URL,
      PAYMENT_WEBHOOK_SECRET: STRONG_SECRET,
      PAYMENTS_SANDBOX: '1',
      DEMO_CONTENT: '1',
    });
    expect(named.mode).toMatchObject({ sandbox: true, demoContent: true, exposeCodes: false });
    const trialWithout = loadConfig({ DATA_DIR: freshDataDir(), PAYMENTS_SANDBOX: '0', DEMO_CONTENT: '0' });
    expect(trialWithout.mode).toMatchObject({ deployment: 'embedded', sandbox: false, demoContent: false });
  });

  it('TEST_MODE is refused with NODE_ENV=production, even on the embedded database', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_MODE: '1', DATA_DIR: freshDataDir() })).toThrow(
      /TEST_MODE=1 needs NODE_ENV=test/,
    );
    expect(loadConfig({ NODE_ENV: 'test', TEST_MODE: '1', DATA_DIR: freshDataDir() }).TEST_MODE).toBe(true);
  });

  it('TEST_MODE starts only with NODE_ENV=test: development or NODE_ENV unset refuse it too', () => {
    for (const NODE_ENV of ['development', undefined]) {
      expect(() => loadConfig({ NODE_ENV, TEST_MODE: '1', DATA_DIR: freshDataDir() }), NODE_ENV).toThrow(
        /TEST_MODE=1 needs NODE_ENV=test/,
      );
      expect(() =>
        loadConfig({ NODE_ENV, DATABASE_URL, TEST_MODE: '1', PAYMENT_WEBHOOK_SECRET: STRONG_SECRET }),
      ).toThrow(/TEST_MODE=1 needs NODE_ENV=test/);
      expect(loadConfig({ NODE_ENV, TEST_MODE: '0', DATA_DIR: freshDataDir() }).TEST_MODE).toBe(false);
    }
  });

  it('the embedded trial makes its own secret at the first start, keeps it for its owner only and reuses it', () => {
    const DATA_DIR = freshDataDir();
    const first = loadConfig({ NODE_ENV: 'production', DATA_DIR });
    const file = path.join(DATA_DIR, WEBHOOK_SECRET_FILE);
    expect(first.mode).toMatchObject({
      deployment: 'embedded',
      sandbox: true,
      demoContent: true,
      exposeCodes: true,
      webhookSecretSource: file,
    });
    expect(first.mode.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.mode.webhookSecret).not.toBe(PUBLISHED_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR }).mode.webhookSecret).toBe(first.mode.webhookSecret);
    expect(loadConfig({ DATA_DIR: freshDataDir() }).mode.webhookSecret).not.toBe(first.mode.webhookSecret);
  });

  it('the built apps are served in production and test runs, not in development', () => {
    const DATA_DIR = freshDataDir();
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR }).mode.serveBuiltApps).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR }).mode.serveBuiltApps).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR }).mode.serveBuiltApps).toBe(false);
  });
});

/** What a real email provider would have delivered, by recipient. */
const delivered: Deliverable[] = [];
const deliveredCode = (account: string) => {
  const message = delivered.findLast((candidate) => candidate.recipient === account);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was delivered to ${account}`);
  return code;
};
const mailbox = {
  provider: 'test-mail',
  deliver: async (message: Deliverable) => {
    delivered.push(message);
    return { providerId: `mail-${message.id}` };
  },
};

/** A user of a production-like server, signed up with the code their email brought. */
async function signUpByEmail(app: TestApp) {
  const account = nextAccount('prod');
  await app.ok(api.user.sendCode, { account, purpose: 'register' });
  await app.services.deliveries.run();
  const password = 'secret123';
  const session = await app.ok(api.user.register, {
    account,
    code: deliveredCode(account),
    password,
    repeatPassword: password,
    agree: true,
  });
  return { ...session, account };
}

/** A top-up opened with a real provider, still waiting for that provider's verdict. */
async function pendingDeposit(app: TestApp, userId: number) {
  const transId = `D${Date.now()}${userId}`;
  const now = app.clock.now();
  await app.db.insert(deposits).values({
    transId,
    userId,
    methodId: 'paystack',
    provider: 'paystack',
    amount: 10_000n,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 30 * 60_000),
  });
  return transId;
}

/** Production-like: DATABASE_URL, NODE_ENV=production, no TEST_MODE, codes delivered by email. */
let prod: TestApp;
beforeAll(async () => {
  prod = await createTestApp(
    { DATABASE_URL, NODE_ENV: 'production', TEST_MODE: '0' },
    { transports: { email: mailbox } },
  );
});
afterAll(() => prod.close());

describe('a server deployment', () => {
  it('has no sandbox: no pay page, no buttons, no webhook, no sandbox deposit method', async () => {
    const { token, user } = await signUpByEmail(prod);
    const transId = await pendingDeposit(prod, user.id);
    for (const [method, url] of [
      ['GET', '/sandbox/pay/x'],
      ['GET', `/sandbox/pay/${transId}`],
      ['POST', `/sandbox/pay/${transId}/approve`],
      ['POST', `/sandbox/pay/${transId}/decline`],
      ['POST', '/api/v1/payments/sandbox/webhook'],
    ] as const) {
      const response = await prod.app.inject({ method, url });
      expect(response.json(), url).toMatchObject({ code: ERRORS.NOT_FOUND.code });
    }
    const methods = await prod.ok(api.cash.depositMethods, {}, { token });
    expect(methods.map((method) => method.provider)).not.toContain('sandbox');
    const refused = await prod.call(api.cash.createDeposit, { amount: '100.00', methodId: 'sandbox' }, { token });
    expect(refused.code).toBe(ERRORS.DEPOSIT_METHOD_UNKNOWN.code);
    expect(prod.scheduler.has('sandbox-webhooks')).toBe(false);
  });

  it('a user cannot credit their own unpaid top-up through the sandbox', async () => {
    const { token, user } = await signUpByEmail(prod);
    const attempt = await prod.call(api.cash.createDeposit, { amount: '100.00', methodId: 'sandbox' }, { token });
    // Where the sandbox is offered, this is the user's own sandbox top-up; here, one opened with the real provider.
    const transId = attempt.data?.transId ?? (await pendingDeposit(prod, user.id));
    await prod.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${transId}/approve`,
      headers: { authorization: token },
    });
    await prod.services.sandbox.deliverWebhooks();
    // The old published secret, as an attacker who read the code would sign with it.
    const rawBody = JSON.stringify({ transId, status: 'succeeded' });
    const timestamp = String(Math.floor(prod.clock.now().getTime() / 1000));
    await prod.app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/webhook',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-signature': signWebhook(PUBLISHED_SECRET, timestamp, rawBody),
      },
      payload: rawBody,
    });
    expect((await prod.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('0.00');
    expect((await prod.ok(api.cash.getDeposit, {}, { token, params: { transId } })).status).toBe('pending');
  });

  it('a verification code reaches its recipient only: no outbox row, admin page or stored hash shows it', async () => {
    // Signing up with the delivered code works: it is verified against the stored hash.
    const { account } = await signUpByEmail(prod);
    const code = deliveredCode(account);
    const admin = await signInOwner(prod);
    const listed = await prod.ok(adminApi.admin.outbox, { limit: 20, q: account }, { token: admin });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ recipient: account, code: null });
    expect(listed.items[0]?.body).toContain(HIDDEN_CODE);
    expect(listed.items[0]?.body).not.toContain(code);
    const [kept] = await prod.db.select().from(outbox).where(eq(outbox.recipient, account));
    expect(kept?.code).toBeNull();
    expect(kept?.body).not.toContain(code);
    const [stored] = await prod.db.select().from(verificationCodes).where(eq(verificationCodes.account, account));
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.codeHash).not.toBe(sha256(`${account}:register:${code}`));
    expect(stored?.consumedAt).toEqual(prod.clock.now());
  });
});

describe('a server deployment with PAYMENTS_SANDBOX=1', () => {
  let staging: TestApp;
  beforeAll(async () => {
    staging = await createTestApp({ DATABASE_URL, PAYMENTS_SANDBOX: '1' });
  });
  afterAll(() => staging.close());

  it('offers the sandbox, and an approved payment credits the deposit wallet', async () => {
    const { token } = await signUp(staging);
    const methods = await staging.ok(api.cash.depositMethods, {}, { token });
    expect(methods.map((method) => method.id)).toContain('sandbox');
    const { transId } = await staging.ok(api.cash.createDeposit, { amount: '100.00', methodId: 'sandbox' }, { token });
    expect((await staging.app.inject({ method: 'GET', url: `/sandbox/pay/${transId}` })).statusCode).toBe(200);
    await staging.app.inject({ method: 'POST', url: `/sandbox/pay/${transId}/approve` });
    await staging.services.sandbox.deliverWebhooks();
    expect((await staging.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('100.00');
  });
});

describe('the notifier and its deliveries', () => {
  async function sendWith(exposeCodes: boolean) {
    const logged: unknown[] = [];
    const log = {
      info: (...args: unknown[]) => logged.push(args),
      warn: (...args: unknown[]) => logged.push(args),
    } as unknown as FastifyBaseLogger;
    const sealKey = derivedKey('a-test-secret-of-the-server', 'outbox-code');
    const transports = exposeCodes ? {} : { email: mailbox };
    const deliveries = new Deliveries(prod.db, prod.clock, log, { transports, outboxOnly: exposeCodes, sealKey });
    const notifier = new Notifier(prod.clock, { exposeCodes, sealKey, wake: () => undefined });
    const recipient = nextAccount('notify');
    const code = {
      value: '482915',
      id: 1,
      purpose: 'register' as const,
      expiresAt: new Date(prod.clock.now().getTime() + 600_000),
    };
    await prod.db.transaction((tx) => notifier.enqueue(tx, { ...codeMessage('email', recipient, 'en', 10), code }));
    const [queued] = await prod.db.select().from(outbox).where(eq(outbox.recipient, recipient));
    await deliveries.run();
    const [kept] = await prod.db.select().from(outbox).where(eq(outbox.recipient, recipient));
    return { queued, kept, logged: JSON.stringify(logged) };
  }

  it('without a provider, the trial prints the code in the log and keeps it in the outbox', async () => {
    const { kept, logged } = await sendWith(true);
    expect(kept).toMatchObject({ code: '482915', status: 'sent', provider: 'outbox' });
    expect(kept?.body).toContain(HIDDEN_CODE);
    expect(logged).toContain('482915');
  });

  it('outside the trial and TEST_MODE, the log and the outbox never see the code; the recipient does', async () => {
    const { queued, kept, logged } = await sendWith(false);
    expect(queued?.code).toBeNull();
    expect(queued?.sealedCode).toBeTruthy();
    expect(queued?.sealedCode).not.toContain('482915');
    expect(kept).toMatchObject({ code: null, sealedCode: null, status: 'sent', provider: 'test-mail' });
    expect(kept?.body).not.toContain('482915');
    expect(logged).not.toContain('482915');
    expect(delivered.at(-1)?.body).toContain('Your verification code is 482915.');
  });
});
