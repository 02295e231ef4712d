import { ADMIN_API_BASE, API_BASE, adminApi, api, ERRORS, MAINTENANCE_CODE, SUCCESS_CODE } from '@app/contracts';
import { eq, lt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, locationReports, sessions, verificationCodes } from '../src/db/schema.ts';
import { LOCATION_LIMIT } from '../src/modules/system/service.ts';
import { nextAccount, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInOwner(t);
});
afterAll(() => t.close());
afterEach(() => {
  t.clock.set(new Date());
});

describe('maintenance', () => {
  it('closes every user API path with MAINTENANCE_CODE and the maintenance time, while the back office and /healthz keep working', async () => {
    const { token, account, password } = await signUp(t);
    const maintainTime = '2026-12-01 10:00 UTC';
    await t.ok(adminApi.admin.putConfig, { maintenance: true, app_maintain_time: maintainTime }, { token: owner });
    try {
      const expected = {
        code: MAINTENANCE_CODE,
        msg: ERRORS.MAINTENANCE.msg.en,
        data: { maintain_time: maintainTime },
      };
      expect(await t.call(api.system.appConfig)).toEqual(expected);
      expect(await t.call(api.user.info, {}, { token })).toEqual(expected);
      expect(await t.call(api.wallet.bill, {}, { token })).toEqual(expected);
      expect(await t.call(api.user.login, { account, password })).toEqual(expected);
      expect(await t.call(api.user.sendCode, { account: nextAccount(), purpose: 'register' })).toEqual(expected);
      expect(await t.call(api.system.onlineService)).toEqual(expected);
      // Even bad input and unknown paths under /api/v1 are told about the maintenance first.
      const unknown = await t.app.inject({ method: 'GET', url: `${API_BASE}/no-such-path?t=1` });
      expect(unknown.json()).toEqual(expected);
      const zh = await t.call(api.user.info, {}, { token, lang: 'zh' });
      expect(zh).toMatchObject({ code: MAINTENANCE_CODE, msg: '系统维护中', data: { maintain_time: maintainTime } });

      expect((await t.call(adminApi.admin.dashboard, {}, { token: owner })).data).toMatchObject({ maintenance: true });
      expect((await t.ok(adminApi.admin.getConfig, {}, { token: owner })).maintenance).toBe(true);
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect((await t.call(api.testing.clock, {})).code).toBe(SUCCESS_CODE);
    } finally {
      await t.ok(adminApi.admin.putConfig, { maintenance: false, app_maintain_time: '' }, { token: owner });
    }
    expect((await t.call(api.system.appConfig)).code).toBe(SUCCESS_CODE);
    expect((await t.call(api.user.info, {}, { token })).code).toBe(SUCCESS_CODE);
    expect((await t.call(api.user.login, { account, password })).code).toBe(SUCCESS_CODE);
  });
});

describe('public system endpoints', () => {
  it('/appConfig answers every public configuration key with its type', async () => {
    const config = await t.ok(api.system.appConfig);
    expect(config).toMatchObject({
      app_currency: '$',
      app_currency_decimals: 2,
      app_maintain_time: '',
      recharge_min: '10.00',
      withdraw_fee_rate: '0.05',
      timezone: 'Africa/Lagos',
      invite_required: false,
      languages: ['en', 'es', 'fr', 'vi', 'th', 'zh'],
    });
    for (const key of [
      'recharge_max',
      'withdraw_min',
      'withdraw_max',
      'withdraw_step',
      'collect_days',
      'app_version',
      'app_version_code',
    ]) {
      expect(config).toHaveProperty(key);
    }
  });

  it('/onlineService answers service_1..3 from the configuration', async () => {
    const defaults = await t.ok(api.system.onlineService);
    expect(Object.keys(defaults).sort()).toEqual(['service_1', 'service_2', 'service_3']);
    await t.ok(
      adminApi.admin.putConfig,
      { service_1: 'https://t.me/help', service_2: 'https://wa.me/1', service_3: 'mailto:help@example.com' },
      { token: owner },
    );
    expect(await t.ok(api.system.onlineService)).toEqual({
      service_1: 'https://t.me/help',
      service_2: 'https://wa.me/1',
      service_3: 'mailto:help@example.com',
    });
  });

  it('/download/update offers the latest version with notes to an older client, forcing only when configured', async () => {
    await t.ok(
      adminApi.admin.putConfig,
      {
        app_version: '1.3.0',
        app_version_code: 130,
        app_update_url: 'https://example.com/app.apk',
        app_update_notes: 'Faster withdrawals',
        app_update_force: false,
      },
      { token: owner },
    );
    const older = await t.ok(api.system.appUpdate, { version: '1.2.9' });
    expect(older).toEqual({
      latestVersion: '1.3.0',
      versionCode: 130,
      force: false,
      url: 'https://example.com/app.apk',
      notes: 'Faster withdrawals',
    });
    await t.ok(adminApi.admin.putConfig, { app_update_force: true }, { token: owner });
    expect((await t.ok(api.system.appUpdate, { version: '1.2.9' })).force).toBe(true);
    expect((await t.ok(api.system.appUpdate, { version: '1.0.10' })).force).toBe(true);
    const same = await t.ok(api.system.appUpdate, { version: '1.3.0' });
    expect(same).toMatchObject({ latestVersion: '1.3.0', force: false });
    expect((await t.ok(api.system.appUpdate, { version: '1.10.0' })).force).toBe(false);
    expect((await t.call(api.system.appUpdate, { version: '' })).code).toBe(ERRORS.FIELD_REQUIRED.code);
  });

  it('/location needs a session and validates its ranges', async () => {
    expect((await t.call(api.system.location, { latitude: 6.5, longitude: 3.4 })).code).toBe(
      ERRORS.SESSION_MISSING.code,
    );
    const { token } = await signUp(t);
    expect(await t.call(api.system.location, { latitude: 6.5, longitude: 3.4 }, { token })).toEqual({
      code: SUCCESS_CODE,
      msg: 'success',
      data: null,
    });
    for (const bad of [
      { latitude: 91, longitude: 0 },
      { latitude: -90.5, longitude: 0 },
      { latitude: 0, longitude: 180.01 },
      { latitude: 0, longitude: -181 },
    ]) {
      const answer = await t.call(api.system.location, bad, { token, lang: 'fr' });
      expect(answer.code, JSON.stringify(bad)).toBe(ERRORS.INVALID_INPUT.code);
      expect(answer.msg).toMatch(/^(Latitude|Longitude) n'est pas valide\.$/);
    }
    expect((await t.call(api.system.location, { latitude: 90, longitude: -180 }, { token })).code).toBe(SUCCESS_CODE);
  });

  it('/location keeps one row per user and platform day, holding the day’s last position, and is limited per user', async () => {
    const { token, user } = await signUp(t);
    const other = await signUp(t);
    const report = (latitude: number, token_: string = token) =>
      t.call(api.system.location, { latitude, longitude: 3.4 }, { token: token_ });
    const rows = () =>
      t.db
        .select({ latitude: locationReports.latitude, day: locationReports.day })
        .from(locationReports)
        .where(eq(locationReports.userId, user.id))
        .orderBy(locationReports.id);
    // 09:00 and 23:30 in Lagos (the default platform time zone, UTC+1) are the same day; 00:30 is the next.
    t.clock.set(new Date('2026-11-27T08:00:00Z'));
    expect((await report(6.5)).code).toBe(SUCCESS_CODE);
    t.clock.set(new Date('2026-11-27T22:30:00Z'));
    expect((await report(6.6)).code).toBe(SUCCESS_CODE);
    expect(await rows()).toEqual([{ latitude: 6.6, day: '2026-11-27' }]);
    t.clock.set(new Date('2026-11-27T23:30:00Z'));
    expect((await report(6.7)).code).toBe(SUCCESS_CODE);
    expect(await rows()).toEqual([
      { latitude: 6.6, day: '2026-11-27' },
      { latitude: 6.7, day: '2026-11-28' },
    ]);
    // Reports in one window past the limit are refused, for this user only.
    for (let sent = 1; sent < LOCATION_LIMIT.limit; sent++) expect((await report(6.8)).code).toBe(SUCCESS_CODE);
    const refused = await report(6.9);
    expect(refused.code).toBe(ERRORS.RATE_LIMITED.code);
    expect(refused.msg).toMatch(/^Too many attempts\. Please try again in \d+ (second|seconds)\.$/);
    expect((await report(6.9, other.token)).code).toBe(SUCCESS_CODE);
    expect((await rows()).map((row) => row.latitude)).toEqual([6.6, 6.8]);
    t.clock.advance(LOCATION_LIMIT.windowSeconds);
    expect((await report(7)).code).toBe(SUCCESS_CODE);
  });
});

describe('wallet', () => {
  it('/bill of a new user is all zeros with the currency decimals', async () => {
    const { token } = await signUp(t);
    const bill = await t.ok(api.wallet.bill, {}, { token });
    const { points, ...money } = bill;
    expect(points).toBe('0');
    expect(Object.keys(money)).toHaveLength(10);
    for (const [key, value] of Object.entries(money)) expect(value, key).toBe('0.00');

    await t.ok(adminApi.admin.putConfig, { app_currency_decimals: 0 }, { token: owner });
    try {
      const whole = await t.ok(api.wallet.bill, {}, { token });
      for (const value of Object.values(whole)) expect(value).toBe('0');
      expect((await t.ok(api.system.appConfig)).app_currency_decimals).toBe(0);
    } finally {
      await t.ok(adminApi.admin.putConfig, { app_currency_decimals: 2 }, { token: owner });
    }
    expect((await t.ok(api.wallet.bill, {}, { token })).totalAssets).toBe('0.00');
  });
});

describe('documentation and health', () => {
  it('/api/docs/json is an OpenAPI document listing the core paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ['/api/v1/appConfig', 'get'],
      ['/api/v1/onlineService', 'get'],
      ['/api/v1/download/update', 'post'],
      ['/api/v1/user/sendCode', 'post'],
      ['/api/v1/user/register', 'post'],
      ['/api/v1/user/login', 'post'],
      ['/api/v1/user/logout', 'post'],
      ['/api/v1/userInfo', 'get'],
      ['/api/v1/user/payPassword', 'post'],
      ['/api/v1/bill', 'get'],
      ['/admin/api/v1/auth/login', 'post'],
      ['/admin/api/v1/config', 'get'],
      ['/admin/api/v1/config', 'put'],
      ['/admin/api/v1/users', 'get'],
      ['/admin/api/v1/users/{id}/freeze', 'post'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toHaveProperty(['responses', '200']);
    }
    expect(doc.paths['/healthz']).toBeUndefined();
  });

  it('/api/docs serves the documentation page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<div id="swagger-ui"></div>');
  });

  it('/healthz answers 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('test mode', () => {
  it('__test/clock sets and advances the server clock', async () => {
    // The test app's clock stands still between moves, so every reading is exact.
    expect(await t.ok(api.testing.clock, { now: '2030-01-02T03:04:05Z' })).toEqual({ now: '2030-01-02T03:04:05.000Z' });
    expect(t.clock.now().toISOString()).toBe('2030-01-02T03:04:05.000Z');
    expect(await t.ok(api.testing.clock, { advanceSeconds: 3600 })).toEqual({ now: '2030-01-02T04:04:05.000Z' });
    expect(await t.ok(api.testing.clock, {})).toEqual({ now: '2030-01-02T04:04:05.000Z' });
    expect((await t.call(api.testing.clock, { now: 'tomorrow' })).code).toBe(ERRORS.INVALID_INPUT.code);
  });

  it('the moved clock is the one the rules read: a code expires after 10 minutes of server time', async () => {
    const account = nextAccount();
    await t.ok(api.user.sendCode, { account, purpose: 'register' });
    const [message] = await t.ok(api.testing.outbox, { account });
    await t.ok(api.testing.clock, { advanceSeconds: 601 });
    const answer = await t.call(api.user.register, {
      account,
      code: message?.code ?? '',
      password: 'secret123',
      repeatPassword: 'secret123',
      agree: true,
    });
    expect(answer.code).toBe(ERRORS.CODE_EXPIRED.code);
  });

  it('__test/jobs/housekeeping runs and clears codes that ended over a day ago', async () => {
    const account = nextAccount();
    await t.ok(api.user.sendCode, { account, purpose: 'register' });
    await t.ok(api.testing.clock, { advanceSeconds: 2 * 86_400 });
    const stored = async () => ({
      codes: await t.db.$count(verificationCodes),
      sessions: await t.db.$count(sessions),
      adminSessions: await t.db.$count(adminSessions),
    });
    const before = await stored();
    const result = await t.ok(api.testing.runJob, {}, { params: { name: 'housekeeping' } });
    const after = await stored();
    expect(result).toEqual({
      codes: before.codes - after.codes,
      sessions: before.sessions - after.sessions,
      adminSessions: before.adminSessions - after.adminSessions,
      sealedCodes: 0,
    });
    expect(await t.db.$count(verificationCodes, eq(verificationCodes.account, account))).toBe(0);
    const dayAgo = new Date(t.clock.now().getTime() - 86_400_000);
    expect(await t.db.$count(verificationCodes, lt(verificationCodes.expiresAt, dayAgo))).toBe(0);
    const again = await t.ok(api.testing.runJob, {}, { params: { name: 'housekeeping' } });
    expect(again).toEqual({ codes: 0, sessions: 0, adminSessions: 0, sealedCodes: 0 });
  });

  it('an unknown job answers NOT_FOUND', async () => {
    const answer = await t.call(api.testing.runJob, {}, { params: { name: 'no-such-job' } });
    expect(answer).toEqual({ code: ERRORS.NOT_FOUND.code, msg: ERRORS.NOT_FOUND.msg.en, data: null });
  });

  it('with TEST_MODE off the __test paths do not exist', async () => {
    const production = await createTestApp({ TEST_MODE: '0' });
    try {
      for (const [method, url] of [
        ['POST', `${API_BASE}/__test/clock`],
        ['POST', `${API_BASE}/__test/jobs/housekeeping`],
        ['GET', `${API_BASE}/__test/outbox?account=a@b.co`],
      ] as const) {
        const response = await production.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toMatchObject({ code: ERRORS.NOT_FOUND.code });
      }
      const docs = (await production.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(docs.paths).some((path) => path.includes('__test'))).toBe(false);
      expect((await production.call(api.system.appConfig)).code).toBe(SUCCESS_CODE);
      const admin = await production.app.inject({ method: 'GET', url: `${ADMIN_API_BASE}/dashboard` });
      expect(admin.json()).toMatchObject({ code: ERRORS.ADMIN_SESSION_INVALID.code });
    } finally {
      await production.close();
    }
  });
});
