import { randomUUID } from 'node:crypto';
import { adminApi, api, ERRORS, type InputOf, SUCCESS_CODE } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, auditLog, coupons, drawRecords, users } from '../src/db/schema.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { lockUserAccount } from '../src/ledger/accounts.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { postEntry } from '../src/ledger/post.ts';
import { signInOwner, signUp, unlimited } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

const FRIDAY_10AM = '2026-11-27T09:00:00Z';
const DAY_MS = 86_400_000;

let t: TestApp;
let owner: string;

type CampaignInput = InputOf<typeof adminApi.draws.createCampaign>;
type PrizeInput = CampaignInput['prizes'][number];

beforeAll(async () => {
  t = await createTestApp({}, { limiter: unlimited });
  t.clock.set(new Date(FRIDAY_10AM));
  owner = await signInOwner(t);
});
afterAll(() => t?.close());
beforeEach(() => t.clock.set(new Date(FRIDAY_10AM)));

const prize = (overrides: Partial<PrizeInput> & Pick<PrizeInput, 'kind'>): PrizeInput => ({
  name: { en: `${overrides.kind} prize`, fr: `lot ${overrides.kind}` },
  amount: '0',
  weight: 1,
  stock: null,
  ...overrides,
});

/** A campaign running around the test clock; the fields given replace the defaults. */
async function createCampaign(overrides: Partial<CampaignInput> = {}) {
  const { id } = await t.ok(
    adminApi.draws.createCampaign,
    {
      kind: 'turntable',
      name: { en: 'Lucky turntable', fr: 'Roue de la chance' },
      pointsPerDraw: 10,
      dailyLimit: 3,
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-12-31T00:00:00Z',
      status: 'on',
      prizes: [prize({ kind: 'nothing' })],
      ...overrides,
    },
    { token: owner },
  );
  return id;
}

/** Points the way the ledger gives them: an entry from the house's issued points. */
async function givePoints(userId: number, points: number) {
  await inTransaction(t.db, async (tx) => {
    const account = await lockUserAccount(tx, userId, 'points');
    await postEntry(tx, {
      type: 'points_earned',
      userId,
      at: t.clock.now(),
      lines: [
        { accountId: t.ledger.house('points_issued', userId), asset: 'POINTS', amount: -BigInt(points) },
        { accountId: account.id, asset: 'POINTS', amount: BigInt(points) },
      ],
    });
  });
}

async function player(points: number) {
  const signed = await signUp(t);
  if (points > 0) await givePoints(signed.user.id, points);
  return signed;
}

const draw = (token: string, id: number, headers: Record<string, string> = { 'idempotency-key': randomUUID() }) =>
  t.call(api.draws.draw, {}, { token, params: { id }, headers });

const bill = (token: string) => t.ok(api.wallet.bill, {}, { token });

async function expectLedgerOk() {
  expect((await checkLedger(t.db)).violations).toEqual([]);
}

describe('the draws page', () => {
  it('lists the running campaigns with their prizes in my language and my draws left, never weights or stock', async () => {
    const id = await createCampaign({
      kind: 'grid',
      prizes: [
        prize({ kind: 'cash', amount: '5.00', weight: 3, stock: 2 }),
        prize({ kind: 'points', amount: '20', weight: 7 }),
      ],
    });
    const off = await createCampaign({ status: 'off' });
    const ended = await createCampaign({ startsAt: '2026-10-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' });
    const { token } = await player(0);
    const list = await t.ok(api.draws.list, {}, { token, lang: 'fr' });
    const ids = list.map((campaign) => campaign.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(off);
    expect(ids).not.toContain(ended);
    const campaign = list.find((c) => c.id === id);
    expect(campaign).toMatchObject({
      kind: 'grid',
      name: 'Roue de la chance',
      pointsPerDraw: 10,
      dailyLimit: 3,
      drawsLeftToday: 3,
      prizes: [
        { name: 'lot cash', kind: 'cash', amount: '5.00' },
        { name: 'lot points', kind: 'points', amount: '20' },
      ],
    });
    for (const shown of campaign?.prizes ?? []) {
      expect(Object.keys(shown).sort()).toEqual(['amount', 'id', 'image', 'kind', 'name']);
    }
  });
});

describe('drawing', () => {
  it('a draw charges its points, pays a cash prize into the income wallet and writes the record', async () => {
    const id = await createCampaign({ prizes: [prize({ kind: 'cash', amount: '5.00' })] });
    const { token } = await player(25);
    const result = await t.ok(api.draws.draw, {}, { token, params: { id } });
    expect(result).toMatchObject({ prize: { kind: 'cash', amount: '5.00' }, points: '15', drawsLeftToday: 2 });
    const after = await bill(token);
    expect(after.points).toBe('15');
    expect(after.incomeBalance).toBe('5.00');
    const records = await t.ok(api.draws.records, {}, { token });
    expect(records.items).toEqual([
      expect.objectContaining({
        id: result.recordId,
        campaignId: id,
        campaignName: 'Lucky turntable',
        prizeKind: 'cash',
        amount: '5.00',
        status: 'completed',
      }),
    ]);
    const points = await t.ok(api.records.points, {}, { token });
    expect(points.items.map((item) => [item.type, item.amount])).toContainEqual(['points_spent', '-10']);
    const profit = await t.ok(api.records.profit, { type: 'other_profit' }, { token });
    expect(profit.items).toHaveLength(1);
    await expectLedgerOk();
  });

  it('a points prize is credited on top of what the draw cost', async () => {
    const id = await createCampaign({ prizes: [prize({ kind: 'points', amount: '50' })] });
    const { token } = await player(10);
    const result = await t.ok(api.draws.draw, {}, { token, params: { id } });
    expect(result.points).toBe('50');
    expect((await bill(token)).points).toBe('50');
    await expectLedgerOk();
  });

  it('an extra-draws prize adds to today’s draws left', async () => {
    const id = await createCampaign({ dailyLimit: 1, prizes: [prize({ kind: 'draws', amount: '2' })] });
    const { token } = await player(100);
    expect((await t.ok(api.draws.draw, {}, { token, params: { id } })).drawsLeftToday).toBe(2);
    expect((await t.ok(api.draws.draw, {}, { token, params: { id } })).drawsLeftToday).toBe(3);
    const listed = (await t.ok(api.draws.list, {}, { token })).find((c) => c.id === id);
    expect(listed?.drawsLeftToday).toBe(3);
  });

  it('a draw without enough points is refused with Insufficient points, and nothing is charged', async () => {
    const id = await createCampaign();
    const { token } = await player(9);
    const answer = await draw(token, id);
    expect(answer.code).toBe(ERRORS.INSUFFICIENT_POINTS.code);
    expect(answer.msg).toBe('Insufficient points.');
    expect((await bill(token)).points).toBe('9');
    expect((await t.ok(api.draws.records, {}, { token })).items).toEqual([]);
  });

  it('past the daily limit a draw is refused with Not enough draws, until the next day', async () => {
    const id = await createCampaign({ dailyLimit: 2 });
    const { token } = await player(100);
    expect((await draw(token, id)).code).toBe(SUCCESS_CODE);
    expect((await draw(token, id)).code).toBe(SUCCESS_CODE);
    const refused = await draw(token, id);
    expect(refused.code).toBe(ERRORS.DRAWS_EXHAUSTED.code);
    expect((await bill(token)).points).toBe('80');
    t.clock.set(new Date(Date.parse(FRIDAY_10AM) + DAY_MS));
    expect((await draw(token, id)).code).toBe(SUCCESS_CODE);
  });

  it('a VIP level’s extra daily draws add to each campaign’s limit', async () => {
    await t.ok(
      adminApi.vip.saveLevels,
      {
        levels: [
          {
            level: 1,
            name: { en: 'VIP 1' },
            kind: 'vip',
            requirement: { kind: 'recharge', amount: '50000.00' },
            price: null,
            benefits: { extraDraws: 2, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0' },
          },
        ],
      },
      { token: owner },
    );
    const id = await createCampaign({ dailyLimit: 1 });
    const { token, user } = await player(100);
    await t.db.update(users).set({ level: 1, vip: 'vip' }).where(eq(users.id, user.id));
    expect((await t.ok(api.draws.list, {}, { token })).find((c) => c.id === id)?.drawsLeftToday).toBe(3);
    for (let i = 0; i < 3; i++) expect((await draw(token, id)).code).toBe(SUCCESS_CODE);
    expect((await draw(token, id)).code).toBe(ERRORS.DRAWS_EXHAUSTED.code);
    await t.db.update(users).set({ level: 0, vip: 'normal' }).where(eq(users.id, user.id));
    await t.ok(adminApi.vip.saveLevels, { levels: [] }, { token: owner });
  });

  it('a campaign switched off, not started or ended is not running; an unknown one is not found', async () => {
    const { token } = await player(100);
    expect((await draw(token, await createCampaign({ status: 'off' }))).code).toBe(ERRORS.DRAW_NOT_RUNNING.code);
    const later = await createCampaign({ startsAt: '2026-12-01T00:00:00Z' });
    expect((await draw(token, later)).code).toBe(ERRORS.DRAW_NOT_RUNNING.code);
    expect((await draw(token, 999_999)).code).toBe(ERRORS.DRAW_NOT_FOUND.code);
  });

  it('the same Idempotency-Key answers the first draw again and charges once; on another campaign it is refused', async () => {
    const id = await createCampaign({ prizes: [prize({ kind: 'points', amount: '3' })] });
    const other = await createCampaign();
    const { token } = await player(100);
    const headers = { 'idempotency-key': randomUUID() };
    const first = await draw(token, id, headers);
    const again = await draw(token, id, headers);
    expect(again).toEqual(first);
    expect((await bill(token)).points).toBe('93');
    expect((await draw(token, other, headers)).code).toBe(ERRORS.IDEMPOTENCY_MISMATCH.code);
  });

  it('a prize out of stock is never won: the pick falls on the others', async () => {
    const id = await createCampaign({
      dailyLimit: 10,
      prizes: [
        prize({ kind: 'cash', amount: '100.00', weight: 1_000_000, stock: 1 }),
        prize({ kind: 'nothing', weight: 1 }),
      ],
    });
    const { token } = await player(100);
    const kinds = [];
    for (let i = 0; i < 3; i++) kinds.push((await t.ok(api.draws.draw, {}, { token, params: { id } })).prize.kind);
    expect(kinds.filter((kind) => kind === 'cash')).toHaveLength(1);
    const campaign = (await t.ok(adminApi.draws.campaigns, {}, { token: owner })).find((c) => c.id === id);
    expect(campaign?.prizes[0]).toMatchObject({ stock: 0, won: 1, odds: '0.00' });
    expect(campaign?.prizes[1]).toMatchObject({ stock: null, odds: '100.00' });
    expect(campaign?.draws).toBe(3);
  });

  it('when every prize is out of stock the campaign takes no more draws', async () => {
    const id = await createCampaign({ prizes: [prize({ kind: 'points', amount: '1', stock: 1 })] });
    const { token } = await player(100);
    expect((await draw(token, id)).code).toBe(SUCCESS_CODE);
    expect((await draw(token, id)).code).toBe(ERRORS.DRAW_NOT_RUNNING.code);
    expect((await bill(token)).points).toBe('91');
  });

  it('a coupon prize gives an amount-off coupon with its minimum spend and validity', async () => {
    const id = await createCampaign({
      prizes: [prize({ kind: 'coupon', amount: '15.00', minSpend: '100.00', validDays: 7 })],
    });
    const { token, user } = await player(10);
    const result = await t.ok(api.draws.draw, {}, { token, params: { id } });
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.userId, user.id));
    expect(coupon).toMatchObject({
      name: { en: 'coupon prize', fr: 'lot coupon' },
      kind: 'amount_off',
      amount: 1500n,
      minSpend: 10000n,
      source: 'draw',
      sourceId: String(result.recordId),
    });
    expect(coupon?.expiresAt.getTime()).toBe(Date.parse(FRIDAY_10AM) + 7 * DAY_MS);
    const [record] = await t.db.select().from(drawRecords).where(eq(drawRecords.id, result.recordId));
    expect(record?.couponId).toBe(coupon?.id);
  });
});

describe('goods', () => {
  async function address(userId: number, city: string) {
    const [row] = await t.db
      .insert(addresses)
      .values({
        userId,
        firstName: 'Ada',
        lastName: 'Obi',
        phone: '08012345678',
        email: '',
        region: 'Lagos',
        city,
        postalCode: '100001',
        detail: '1 Marina Road',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning({ id: addresses.id });
    return (row as { id: number }).id;
  }

  it('a goods prize waits for an address, keeps a copy of it, and ships once with its tracking number', async () => {
    const id = await createCampaign({ prizes: [prize({ kind: 'goods' })] });
    const { token, user } = await player(10);
    const { recordId } = await t.ok(api.draws.draw, {}, { token, params: { id } });
    const won = await t.ok(api.draws.record, {}, { token, params: { id: recordId } });
    expect(won).toMatchObject({ prizeKind: 'goods', status: 'awaiting_address', address: null });

    const early = await t.call(adminApi.draws.ship, { tracking: 'TRK1' }, { token: owner, params: { id: recordId } });
    expect(early.code).toBe(ERRORS.DRAW_RECORD_STATE.code);

    const home = await address(user.id, 'Ikeja');
    const chosen = await t.ok(api.draws.setAddress, { addressId: home }, { token, params: { id: recordId } });
    expect(chosen).toMatchObject({ status: 'awaiting_shipment', address: { city: 'Ikeja', email: null } });
    await t.db.update(addresses).set({ city: 'Yaba' }).where(eq(addresses.id, home));

    const queue = await t.ok(adminApi.draws.records, { status: 'awaiting_shipment' }, { token: owner });
    expect(queue.items.map((item) => item.id)).toContain(recordId);
    const shipped = await t.ok(
      adminApi.draws.ship,
      { carrier: 'GIG', tracking: 'TRK1' },
      { token: owner, params: { id: recordId } },
    );
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'GIG', tracking: 'TRK1', userId: user.id });
    const notices = await t.ok(api.messages.list, {}, { token });
    expect(notices.items.map((message) => [message.title, message.body])).toEqual([
      ['Prize shipped', expect.stringContaining('Tracking number: TRK1')],
    ]);
    const mine = await t.ok(api.draws.record, {}, { token, params: { id: recordId } });
    expect(mine).toMatchObject({ status: 'shipped', tracking: 'TRK1', address: { city: 'Ikeja' } });
    expect(mine.shippedAt).toBe(new Date(FRIDAY_10AM).toISOString());

    const twice = await t.call(adminApi.draws.ship, { tracking: 'TRK2' }, { token: owner, params: { id: recordId } });
    expect(twice.code).toBe(ERRORS.DRAW_RECORD_STATE.code);
    const late = await t.call(api.draws.setAddress, { addressId: home }, { token, params: { id: recordId } });
    expect(late.code).toBe(ERRORS.DRAW_RECORD_STATE.code);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `draw_record:${recordId}`));
    expect(audits.map((row) => row.action)).toEqual(['draws.ship']);
  });

  it('a user sees and addresses only their own records, with their own addresses', async () => {
    const id = await createCampaign({ prizes: [prize({ kind: 'goods' })] });
    const winner = await player(10);
    const other = await player(0);
    const { recordId } = await t.ok(api.draws.draw, {}, { token: winner.token, params: { id } });
    const theirs = await address(other.user.id, 'Abuja');
    const foreign = await t.call(api.draws.record, {}, { token: other.token, params: { id: recordId } });
    expect(foreign.code).toBe(ERRORS.DRAW_RECORD_NOT_FOUND.code);
    const stolen = await t.call(
      api.draws.setAddress,
      { addressId: theirs },
      { token: winner.token, params: { id: recordId } },
    );
    expect(stolen.code).toBe(ERRORS.ADDRESS_NOT_FOUND.code);
    expect((await t.ok(api.draws.records, {}, { token: other.token })).items).toEqual([]);
  });

  it('only goods take an address', async () => {
    const id = await createCampaign({ prizes: [prize({ kind: 'nothing' })] });
    const { token, user } = await player(10);
    const { recordId } = await t.ok(api.draws.draw, {}, { token, params: { id } });
    const answer = await t.call(
      api.draws.setAddress,
      { addressId: await address(user.id, 'Ikeja') },
      { token, params: { id: recordId } },
    );
    expect(answer.code).toBe(ERRORS.DRAW_RECORD_STATE.code);
  });
});

describe('campaigns in the back office', () => {
  it('shows each prize’s weight, stock and odds in percent, and audits creation and edits', async () => {
    const id = await createCampaign({
      kind: 'capsule',
      prizes: [prize({ kind: 'cash', amount: '1.00', weight: 1, stock: 5 }), prize({ kind: 'nothing', weight: 3 })],
    });
    const [campaign] = (await t.ok(adminApi.draws.campaigns, {}, { token: owner })).filter((c) => c.id === id);
    expect(campaign?.prizes.map((p) => [p.weight, p.stock, p.odds])).toEqual([
      [1, 5, '25.00'],
      [3, null, '75.00'],
    ]);
    const kept = campaign?.prizes[1];
    const edited = await t.ok(
      adminApi.draws.updateCampaign,
      {
        dailyLimit: 7,
        prizes: [
          { ...prize({ kind: 'nothing', weight: 1 }), id: kept?.id },
          prize({ kind: 'points', amount: '5', weight: 1 }),
        ],
      },
      { token: owner, params: { id } },
    );
    expect(edited.dailyLimit).toBe(7);
    expect(edited.prizes.map((p) => [p.id === kept?.id, p.kind, p.odds])).toEqual([
      [true, 'nothing', '50.00'],
      [false, 'points', '50.00'],
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `draw_campaign:${id}`));
    expect(audits.map((row) => row.action).sort()).toEqual(['draws.create', 'draws.update']);
  });

  it('only owner and finance create or edit campaigns; support ships parcels but content does not', async () => {
    const signInAs = async (role: 'finance' | 'support' | 'content') => {
      const email = `${role}-${randomUUID()}@staff.example.com`;
      const password = 'staff-pass-1';
      await t.ok(adminApi.admin.createAdmin, { email, name: role, role, password }, { token: owner });
      return `Bearer ${(await t.ok(adminApi.admin.login, { email, password })).token}`;
    };
    const [finance, support, content] = [
      await signInAs('finance'),
      await signInAs('support'),
      await signInAs('content'),
    ];
    const input = {
      kind: 'grid' as const,
      name: { en: 'Staff grid' },
      pointsPerDraw: 1,
      dailyLimit: 1,
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
      prizes: [prize({ kind: 'nothing' })],
    };
    expect((await t.call(adminApi.draws.createCampaign, input, { token: finance })).code).toBe(SUCCESS_CODE);
    expect((await t.call(adminApi.draws.createCampaign, input, { token: support })).code).toBe(
      ERRORS.ADMIN_FORBIDDEN.code,
    );
    const ship = await t.call(adminApi.draws.ship, { tracking: 'T' }, { token: content, params: { id: 1 } });
    expect(ship.code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
    const shipBySupport = await t.call(
      adminApi.draws.ship,
      { tracking: 'T' },
      { token: support, params: { id: 999_999 } },
    );
    expect(shipBySupport.code).toBe(ERRORS.DRAW_RECORD_NOT_FOUND.code);
  });

  it('an edit cannot take over another campaign’s prize', async () => {
    const id = await createCampaign();
    const other = (await t.ok(adminApi.draws.campaigns, {}, { token: owner })).find((c) => c.id !== id);
    const foreign = other?.prizes[0]?.id as number;
    const answer = await t.call(
      adminApi.draws.updateCampaign,
      { prizes: [{ ...prize({ kind: 'nothing' }), id: foreign }] },
      { token: owner, params: { id } },
    );
    expect(answer.code).toBe(ERRORS.INVALID_INPUT.code);
  });

  it('refuses a campaign that ends before it starts, prizes without any weight and a cash prize of zero', async () => {
    const base = {
      kind: 'window' as const,
      name: { en: 'Window' },
      pointsPerDraw: 1,
      dailyLimit: 1,
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
      prizes: [prize({ kind: 'nothing' })],
    };
    const backwards = await t.call(
      adminApi.draws.createCampaign,
      { ...base, endsAt: '2026-10-01T00:00:00Z' },
      { token: owner },
    );
    expect(backwards.code).toBe(ERRORS.DRAW_DATES.code);
    const weightless = await t.call(
      adminApi.draws.createCampaign,
      { ...base, prizes: [prize({ kind: 'nothing', weight: 0 })] },
      { token: owner },
    );
    expect(weightless.code).toBe(ERRORS.DRAW_NO_WEIGHT.code);
    const free = await t.call(
      adminApi.draws.createCampaign,
      { ...base, prizes: [prize({ kind: 'cash', amount: '0' })] },
      { token: owner },
    );
    expect(free.code).toBe(ERRORS.DRAW_PRIZE_AMOUNT.code);
    const id = await createCampaign();
    const moved = await t.call(
      adminApi.draws.updateCampaign,
      { endsAt: '2026-10-01T00:00:00Z' },
      { token: owner, params: { id } },
    );
    expect(moved.code).toBe(ERRORS.DRAW_DATES.code);
  });

  it('simulates 10,000 draws with the real pick, taking no stock and paying nothing', async () => {
    const id = await createCampaign({
      prizes: [
        prize({ kind: 'cash', amount: '1.00', weight: 1, stock: 3 }),
        prize({ kind: 'points', amount: '1', weight: 1 }),
        prize({ kind: 'nothing', weight: 2 }),
      ],
    });
    const result = await t.ok(adminApi.draws.simulate, {}, { token: owner, params: { id } });
    expect(result.draws).toBe(10_000);
    const [limited, points, nothing] = result.prizes;
    expect(limited?.wins).toBeLessThanOrEqual(3);
    expect((limited?.wins ?? 0) + (points?.wins ?? 0) + (nothing?.wins ?? 0)).toBe(10_000);
    // Two to one, within what 10,000 draws allow (about six standard deviations).
    expect(Math.abs((nothing?.wins ?? 0) - 2 * (points?.wins ?? 0))).toBeLessThan(600);
    const campaign = (await t.ok(adminApi.draws.campaigns, {}, { token: owner })).find((c) => c.id === id);
    expect(campaign?.prizes[0]?.stock).toBe(3);
    expect(campaign?.draws).toBe(0);
  });
});

if (!usingPostgres) {
  console.info('draws.test.ts: the draw races are skipped on PGlite; set TEST_DATABASE_URL to run them on PostgreSQL.');
  it.skip('parallel draws (PostgreSQL only: set TEST_DATABASE_URL)', () => {});
}

describe.skipIf(!usingPostgres)('draws at once (PostgreSQL)', () => {
  it('50 parallel draws by one user with points for 5 make exactly 5 draws', async () => {
    const id = await createCampaign({ dailyLimit: 100, prizes: [prize({ kind: 'nothing' })] });
    const { token, user } = await player(50);
    const answers = await Promise.all(Array.from({ length: 50 }, () => draw(token, id)));
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === SUCCESS_CODE)).toHaveLength(5);
    expect(codes.filter((code) => code === ERRORS.INSUFFICIENT_POINTS.code)).toHaveLength(45);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::integer` })
      .from(drawRecords)
      .where(and(eq(drawRecords.userId, user.id), eq(drawRecords.campaignId, id)));
    expect(row?.n).toBe(5);
    expect((await bill(token)).points).toBe('0');
    await expectLedgerOk();
  });

  it('a prize with stock 3 is won at most 3 times under 200 parallel draws by 200 users', async () => {
    const id = await createCampaign({
      prizes: [
        prize({ kind: 'cash', amount: '50.00', weight: 1_000, stock: 3 }),
        prize({ kind: 'points', amount: '1', weight: 1 }),
      ],
    });
    const players = await Promise.all(Array.from({ length: 200 }, () => player(10)));
    const answers = await Promise.all(players.map(({ token }) => draw(token, id)));
    expect(answers.every((answer) => answer.code === SUCCESS_CODE)).toBe(true);
    const jackpots = answers.filter((answer) => answer.data?.prize.kind === 'cash');
    expect(jackpots).toHaveLength(3);
    const campaign = (await t.ok(adminApi.draws.campaigns, {}, { token: owner })).find((c) => c.id === id);
    expect(campaign?.prizes[0]).toMatchObject({ stock: 0, won: 3 });
    await expectLedgerOk();
  });
});
