import {
  adminApi,
  api,
  buildPath,
  type Endpoint,
  ERRORS,
  endpointBase,
  IDEMPOTENCY_KEY_MAX,
  SUCCESS_CODE,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deposits, journalEntries, orders, withdrawals } from '../src/db/schema.ts';
import { buildHolding, createProduct, fund, PAY_PASSWORD, readyToWithdraw, signInOwner, signUp } from './factories.ts';
import { type Answer, createTestApp, type TestApp } from './setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Tuesday 1 December 2026, 11:00 in Lagos: withdrawals open (Mon–Fri, 09:00–17:00), collection allowed.
const TUESDAY_11AM = '2026-12-01T10:00:00Z';
beforeEach(() => {
  t.clock.set(new Date(TUESDAY_11AM));
});

const ENDPOINTS = [
  ...Object.entries(api).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `api.${group}.${name}`,
      endpoint,
    })),
  ),
  ...Object.entries(adminApi).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `adminApi.${group}.${name}`,
      endpoint,
    })),
  ),
];
const IDEMPOTENT = ENDPOINTS.filter(({ endpoint }) => endpoint.idempotent);

/** The POSTs that move money (/work/shared/API.md), those of modules still to come included. */
const MONEY_MOVING = [
  'POST /api/v1/orders',
  'POST /api/v1/deposits',
  'POST /api/v1/withdrawals',
  'POST /api/v1/holdings/collect',
  'POST /admin/api/v1/users/:id/adjust',
  'POST /api/v1/vip/activate',
  'POST /api/v1/draws/:id/draw',
];

/** A request that succeeds once: who sends it, with what, and whose money it moves. */
interface MoneyRequest {
  token: string;
  input: object;
  params?: Record<string, number>;
  userId: number;
}

/** For every idempotent endpoint, how to get one of its requests ready to succeed. */
const READY: Record<string, () => Promise<MoneyRequest>> = {
  'api.products.purchase': async () => {
    const { token, user } = await signUp(t);
    const product = await createProduct(t, { price: '10.00' });
    await fund(t, user.id, '100.00');
    return { token, userId: user.id, input: { productId: product.id } };
  },
  'api.products.collect': async () => {
    const { user } = await buildHolding(t);
    t.clock.advance(2 * 3600);
    await t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });
    return { token: user.token, userId: user.user.id, input: {} };
  },
  'api.cash.createDeposit': async () => {
    const { token, user } = await signUp(t);
    return { token, userId: user.id, input: { amount: '100.00', methodId: 'sandbox' } };
  },
  'api.cash.withdraw': async () => {
    const user = await readyToWithdraw(t);
    return {
      token: user.token,
      userId: user.user.id,
      input: { accountId: user.accountId, amount: '100', payPassword: PAY_PASSWORD },
    };
  },
  'api.vip.activate': async () => {
    const owner = await signInOwner(t);
    const benefits = { extraDraws: 0, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0' };
    const svip = {
      level: 1,
      name: { en: 'SVIP 1' },
      kind: 'svip' as const,
      requirement: null,
      price: '50.00',
      benefits,
    };
    await t.ok(adminApi.vip.saveLevels, { levels: [svip] }, { token: owner });
    const { token, user } = await signUp(t);
    await fund(t, user.id, '50.00');
    return { token, userId: user.id, input: { level: 1 } };
  },
  'api.draws.draw': async () => {
    const owner = await signInOwner(t);
    const now = t.clock.now().getTime();
    // A free draw whose one prize is cash: the money it moves is the prize.
    const { id } = await t.ok(
      adminApi.draws.createCampaign,
      {
        kind: 'turntable',
        name: { en: 'Free draw' },
        pointsPerDraw: 0,
        dailyLimit: 10,
        startsAt: new Date(now - 86_400_000).toISOString(),
        endsAt: new Date(now + 86_400_000).toISOString(),
        status: 'on',
        prizes: [{ name: { en: 'Cash' }, kind: 'cash', amount: '1.00', weight: 1 }],
      },
      { token: owner },
    );
    const { token, user } = await signUp(t);
    return { token, userId: user.id, params: { id }, input: {} };
  },
  'adminApi.rank.settle': async () => {
    const leader = await signUp(t);
    await t.ok(api.rank.nameTeam, { name: `Team ${leader.user.id}` }, { token: leader.token });
    const invitee = await signUp(t, { inviteCode: leader.user.inviteCode });
    const product = await createProduct(t, { price: '100.00' });
    await fund(t, invitee.user.id, '100.00');
    await t.ok(api.products.purchase, { productId: product.id }, { token: invitee.token });
    const { cycle } = await t.ok(api.rank.board, {}, { token: leader.token });
    t.clock.set(new Date(Date.parse(cycle.endsAt) + 61_000));
    return { token: await signInOwner(t), userId: leader.user.id, params: { id: cycle.id }, input: {} };
  },
  'adminApi.products.adjust': async () => {
    const { user } = await signUp(t);
    return {
      token: await signInOwner(t),
      userId: user.id,
      params: { id: user.id },
      input: { wallet: 'deposit', amount: '25.00', reason: 'goodwill' },
    };
  },
};

async function send(endpoint: Endpoint, request: MoneyRequest, key: string | undefined, lang = 'en') {
  const response = await t.app.inject({
    method: endpoint.method,
    url: endpointBase(endpoint) + buildPath(endpoint.path, request.params),
    headers: {
      authorization: request.token,
      'accept-language': lang,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: request.input,
  });
  return response.json() as Answer<unknown>;
}

/** Every row a money-moving request of this user writes. */
async function footprint(userId: number) {
  return {
    orders: await t.db.$count(orders, eq(orders.userId, userId)),
    deposits: await t.db.$count(deposits, eq(deposits.userId, userId)),
    withdrawals: await t.db.$count(withdrawals, eq(withdrawals.userId, userId)),
    entries: await t.db.$count(journalEntries, eq(journalEntries.userId, userId)),
  };
}

describe('the Idempotency-Key of the endpoints that move money', () => {
  it('every endpoint that moves money is declared idempotent', () => {
    const moving = ENDPOINTS.filter(({ endpoint }) =>
      MONEY_MOVING.includes(`${endpoint.method} ${endpointBase(endpoint)}${endpoint.path}`),
    );
    expect(moving.filter(({ endpoint }) => !endpoint.idempotent).map(({ name }) => name)).toEqual([]);
    expect(moving.length).toBeGreaterThanOrEqual(5);
  });

  it('every idempotent endpoint has its request here, so each is shown to read its key', () => {
    expect(IDEMPOTENT.map(({ name }) => name).sort()).toEqual(Object.keys(READY).sort());
  });

  it('an anonymous request is told to sign in first, before its key is asked for', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: { productId: 1 } });
    expect(answer.json().code).toBe(ERRORS.SESSION_MISSING.code);
  });

  for (const { name, endpoint } of IDEMPOTENT) {
    const ready = READY[name];
    if (!ready) continue;

    it(`${name}: a request without a key, or with a malformed one, is refused and moves nothing`, async () => {
      const request = await ready();
      const before = await footprint(request.userId);
      const missing = await send(endpoint, request, undefined);
      expect(missing.code).toBe(ERRORS.IDEMPOTENCY_KEY_REQUIRED.code);
      expect(missing.msg).toBe(
        `This request needs an Idempotency-Key header of 1 to ${IDEMPOTENCY_KEY_MAX} letters, digits or the characters - _ : .`,
      );
      expect((await send(endpoint, request, undefined, 'fr')).msg).toContain('en-tête Idempotency-Key');
      for (const malformed of ['', 'k'.repeat(IDEMPOTENCY_KEY_MAX + 1), 'two words', 'a/b', 'a,b']) {
        expect((await send(endpoint, request, malformed)).code, JSON.stringify(malformed)).toBe(
          ERRORS.IDEMPOTENCY_KEY_REQUIRED.code,
        );
      }
      expect(await footprint(request.userId)).toEqual(before);
    });

    it(`${name}: the same key answers the first result again and moves money once`, async () => {
      const request = await ready();
      const before = await footprint(request.userId);
      const key = `retry-${name}:1.a_b`;
      const first = await send(endpoint, request, key);
      expect(first.code).toBe(SUCCESS_CODE);
      const after = await footprint(request.userId);
      expect(after).not.toEqual(before);
      expect(await send(endpoint, request, key)).toEqual(first);
      expect(await footprint(request.userId)).toEqual(after);
    });
  }
});
