import { adminApi, api, ERRORS, type EventInput, SUCCESS_CODE } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventSignups, journalEntries } from '../src/db/schema.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

const NOW = '2026-11-27T09:00:00Z';
const HOUR = 3600;
const DAY = 24 * HOUR;

let t: TestApp;
let owner: string;

let hours = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
// Each test in an hour of its own, so the sign-up limit per address counts its users only.
beforeEach(async () => {
  t.clock.set(new Date(Date.parse(NOW) + hours++ * HOUR * 1000));
  owner = await signInOwner(t);
});

/** A press conference a week from now, ten seats, no reward, unless `fields` say otherwise. */
function conference(fields: Partial<EventInput> = {}) {
  return {
    kind: 'conference' as const,
    title: { en: 'Press conference in Lagos', fr: 'Conférence de presse à Lagos' },
    body: { en: 'Meet the team.' },
    startsAt: '2026-12-04T10:00:00Z',
    endsAt: '2026-12-04T14:00:00Z',
    capacity: 10,
    status: 'on' as const,
    reward: null,
    ...fields,
  };
}

async function createEvent(fields: Partial<EventInput> = {}) {
  const { id } = await t.ok(adminApi.events.create, conference(fields), { token: owner });
  return id;
}

const signup = (token: string, id: number, lang?: string) =>
  t.call(api.events.signup, {}, { token, params: { id }, lang });

async function listed(token: string, id: number, lang?: string) {
  return (await t.ok(api.events.list, {}, { token, lang })).find((event) => event.id === id);
}

async function signupCount(eventId: number) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::integer` })
    .from(eventSignups)
    .where(eq(eventSignups.eventId, eventId));
  return row?.n;
}

async function rewardEntries(userId: number, eventId: number) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::integer` })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.userId, userId),
        eq(journalEntries.refType, 'event'),
        eq(journalEntries.refId, String(eventId)),
      ),
    );
  return row?.n;
}

async function expectLedgerOk() {
  expect((await checkLedger(t.db)).violations).toEqual([]);
}

describe('the events page', () => {
  it('lists an event in the user’s language, falling back to English, open and not applied', async () => {
    const id = await createEvent();
    const { token } = await signUp(t);
    expect(await listed(token, id, 'fr')).toMatchObject({
      kind: 'conference',
      title: 'Conférence de presse à Lagos',
      body: 'Meet the team.',
      startsAt: '2026-12-04T10:00:00.000Z',
      endsAt: '2026-12-04T14:00:00.000Z',
      capacity: 10,
      signups: 0,
      applied: false,
      status: 'open',
      reward: null,
    });
  });

  it('does not show an event the operator switched off, and refuses its sign-up as not found', async () => {
    const id = await createEvent({ status: 'off' });
    const { token } = await signUp(t);
    expect(await listed(token, id)).toBeUndefined();
    expect((await signup(token, id)).code).toBe(ERRORS.EVENT_NOT_FOUND.code);
  });
});

describe('signing up', () => {
  it('shows the event as applied ("Already Apply") with its seat taken', async () => {
    const id = await createEvent();
    const { token } = await signUp(t);
    expect(await t.ok(api.events.signup, {}, { token, params: { id } })).toEqual({ status: 'applied' });
    expect(await listed(token, id)).toMatchObject({ applied: true, signups: 1, status: 'open' });
  });

  it('twice answers the same and makes one sign-up', async () => {
    const id = await createEvent();
    const { token } = await signUp(t);
    await t.ok(api.events.signup, {}, { token, params: { id } });
    expect(await t.ok(api.events.signup, {}, { token, params: { id } })).toEqual({ status: 'applied' });
    expect(await signupCount(id)).toBe(1);
  });

  it('after the end is refused with "Event has ended", in the user’s language', async () => {
    const id = await createEvent();
    const { token } = await signUp(t);
    t.clock.advance(8 * DAY);
    const late = await signup(token, id);
    expect(late.code).toBe(ERRORS.EVENT_ENDED.code);
    expect(late.msg).toBe('Event has ended.');
    expect((await signup(token, id, 'fr')).msg).toBe("L'événement est terminé.");
    expect(await listed(token, id)).toMatchObject({ status: 'ended', applied: false });
  });

  it('before the event starts is open: a conference is booked ahead', async () => {
    const id = await createEvent({ startsAt: '2026-12-20T10:00:00Z', endsAt: '2026-12-20T12:00:00Z' });
    const { token } = await signUp(t);
    expect((await signup(token, id)).code).toBe(SUCCESS_CODE);
  });

  it('when every seat is taken is refused as full, and the event shows full', async () => {
    const id = await createEvent({ capacity: 1 });
    const first = await signUp(t);
    const second = await signUp(t);
    await t.ok(api.events.signup, {}, { token: first.token, params: { id } });
    expect((await signup(second.token, id)).code).toBe(ERRORS.EVENT_FULL.code);
    expect(await listed(second.token, id)).toMatchObject({ status: 'full', applied: false });
    expect(await listed(first.token, id)).toMatchObject({ status: 'full', applied: true });
  });

  it('an event that does not exist is refused as not found', async () => {
    const { token } = await signUp(t);
    expect((await signup(token, 2_000_000)).code).toBe(ERRORS.EVENT_NOT_FOUND.code);
  });
});

describe('a sign-up reward', () => {
  it('in cash is paid once into the income wallet as other profit', async () => {
    const id = await createEvent({ kind: 'anniversary', reward: { kind: 'cash', amount: '5.50' } });
    const { token, user } = await signUp(t);
    expect(await listed(token, id)).toMatchObject({ reward: { kind: 'cash', amount: '5.50' } });
    await t.ok(api.events.signup, {}, { token, params: { id } });
    await t.ok(api.events.signup, {}, { token, params: { id } });
    expect(await t.ok(api.wallet.bill, {}, { token })).toMatchObject({
      incomeBalance: '5.50',
      cumulativeIncome: '5.50',
      todayIncome: '5.50',
    });
    const { items } = await t.ok(api.records.profit, { type: 'other_profit' }, { token });
    expect(items.map((item) => item.amount)).toEqual(['5.50']);
    expect(await rewardEntries(user.id, id)).toBe(1);
    await expectLedgerOk();
  });

  it('in points is paid as points earned', async () => {
    const id = await createEvent({ kind: 'anniversary', reward: { kind: 'points', amount: '30' } });
    const { token, user } = await signUp(t);
    await t.ok(api.events.signup, {}, { token, params: { id } });
    expect((await t.ok(api.wallet.bill, {}, { token })).points).toBe('30');
    expect(await rewardEntries(user.id, id)).toBe(1);
    await expectLedgerOk();
  });

  it('is not paid when the sign-up is refused', async () => {
    const id = await createEvent({ reward: { kind: 'cash', amount: '5.00' } });
    const { token, user } = await signUp(t);
    t.clock.advance(8 * DAY);
    await signup(token, id);
    expect(await rewardEntries(user.id, id)).toBe(0);
  });
});

describe('events in the back office', () => {
  it('lists every event with its translations, seats taken and switch', async () => {
    const id = await createEvent({ status: 'off', reward: { kind: 'points', amount: '12' } });
    const found = (await t.ok(adminApi.events.list, {}, { token: owner })).find((event) => event.id === id);
    expect(found).toMatchObject({
      title: 'Press conference in Lagos',
      titleI18n: { en: 'Press conference in Lagos', fr: 'Conférence de presse à Lagos' },
      status: 'off',
      signups: 0,
      reward: { kind: 'points', amount: '12' },
    });
  });

  it('refuses an event that ends before it starts, and a reward of zero or of part of a point', async () => {
    const backwards = conference({ endsAt: '2026-12-04T09:00:00Z' });
    expect((await t.call(adminApi.events.create, backwards, { token: owner })).code).toBe(ERRORS.EVENT_DATES.code);
    const nothing = conference({ reward: { kind: 'cash', amount: '0.00' } });
    expect((await t.call(adminApi.events.create, nothing, { token: owner })).code).toBe(ERRORS.EVENT_REWARD.code);
    const partPoint = conference({ reward: { kind: 'points', amount: '1.5' } });
    expect((await t.call(adminApi.events.create, partPoint, { token: owner })).code).toBe(ERRORS.EVENT_REWARD.code);
  });

  it('changes an event and audits it with the event before and after', async () => {
    const id = await createEvent();
    const changed = await t.ok(adminApi.events.update, conference({ capacity: 25, status: 'off' }), {
      token: owner,
      params: { id },
    });
    expect(changed).toMatchObject({ id, capacity: 25, status: 'off' });
    const { items } = await t.ok(adminApi.admin.audit, { q: `event:${id}`, limit: 1 }, { token: owner });
    expect(items[0]).toMatchObject({
      action: 'event.update',
      target: `event:${id}`,
      before: { capacity: 10, status: 'on' },
      after: { capacity: 25, status: 'off' },
    });
  });

  it('refuses a capacity below the sign-ups already made', async () => {
    const id = await createEvent();
    for (let i = 0; i < 2; i += 1) {
      const { token } = await signUp(t);
      await t.ok(api.events.signup, {}, { token, params: { id } });
    }
    const answer = await t.call(adminApi.events.update, conference({ capacity: 1 }), { token: owner, params: { id } });
    expect(answer.code).toBe(ERRORS.EVENT_CAPACITY_BELOW_SIGNUPS.code);
    expect(answer.msg).toBe('The capacity cannot be below the 2 sign-ups already made.');
  });

  it('lists an event’s sign-ups newest first, page by page, with the users’ accounts', async () => {
    const id = await createEvent();
    const accounts: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { token, user } = await signUp(t);
      accounts.push(user.account);
      await t.ok(api.events.signup, {}, { token, params: { id } });
    }
    const first = await t.ok(adminApi.events.signups, { limit: 2 }, { token: owner, params: { id } });
    expect(first.items.map((item) => item.account)).toEqual([accounts[2], accounts[1]]);
    const rest = await t.ok(
      adminApi.events.signups,
      { limit: 2, cursor: first.nextCursor ?? '' },
      { token: owner, params: { id } },
    );
    expect(rest).toMatchObject({ items: [{ account: accounts[0] }], nextCursor: null });
  });

  it('only finance (and the owner) create and change events, whose reward moves money; content sees them, not who signed up', async () => {
    const tokens: Record<string, string> = {};
    for (const role of ['finance', 'content', 'support'] as const) {
      const email = `${role}-events@example.com`;
      await t.services.admins.create(
        { email, name: role, role, password: `${role}-secret-1` },
        { adminId: null, ip: '' },
      );
      const { token } = await t.ok(adminApi.admin.login, { email, password: `${role}-secret-1` });
      tokens[role] = `Bearer ${token}`;
    }
    const paying = conference({ reward: { kind: 'cash', amount: '5.00' } });
    const { id } = await t.ok(adminApi.events.create, paying, { token: tokens.finance });
    const changed = conference({ reward: { kind: 'cash', amount: '500.00' } });
    for (const role of ['content', 'support']) {
      const token = tokens[role];
      expect((await t.call(adminApi.events.create, paying, { token })).code, role).toBe(ERRORS.ADMIN_FORBIDDEN.code);
      const update = await t.call(adminApi.events.update, changed, { token, params: { id } });
      expect(update.code, role).toBe(ERRORS.ADMIN_FORBIDDEN.code);
    }
    const listed = await t.ok(adminApi.events.list, {}, { token: tokens.content });
    expect(listed.find((event) => event.id === id)?.reward).toEqual({ kind: 'cash', amount: '5.00' });
    // Who signed up is read by the roles that serve users, not by content (issue 29).
    const signups = await t.call(adminApi.events.signups, { limit: 10 }, { token: tokens.content, params: { id } });
    expect(signups.code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
    expect((await t.call(adminApi.events.signups, { limit: 10 }, { token: tokens.support, params: { id } })).code).toBe(
      SUCCESS_CODE,
    );
    const raised = await t.ok(adminApi.events.update, changed, { token: tokens.finance, params: { id } });
    expect(raised.reward).toEqual({ kind: 'cash', amount: '500.00' });
  });
});

if (!usingPostgres) {
  console.info(
    'events.test.ts: the last-seat race is skipped on PGlite; set TEST_DATABASE_URL to run it on PostgreSQL.',
  );
  it.skip('parallel sign-ups for the last seat (PostgreSQL only: set TEST_DATABASE_URL)', () => {});
}

describe.skipIf(!usingPostgres)('sign-ups at once (PostgreSQL)', () => {
  it('20 parallel sign-ups for the last seat make one, and its reward is paid once', async () => {
    const id = await createEvent({ capacity: 3, reward: { kind: 'cash', amount: '2.00' } });
    for (let i = 0; i < 2; i += 1) {
      const { token } = await signUp(t);
      await t.ok(api.events.signup, {}, { token, params: { id } });
    }
    const racers = await Promise.all(Array.from({ length: 20 }, () => signUp(t)));
    const answers = await Promise.all(racers.map(({ token }) => signup(token, id)));
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === SUCCESS_CODE)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRORS.EVENT_FULL.code)).toHaveLength(19);
    expect(await signupCount(id)).toBe(3);
    const found = (await t.ok(adminApi.events.list, {}, { token: owner })).find((event) => event.id === id);
    expect(found).toMatchObject({ signups: 3, capacity: 3 });
    await expectLedgerOk();
  });

  it('20 parallel sign-ups of one user make one sign-up and one reward', async () => {
    const id = await createEvent({ reward: { kind: 'points', amount: '7' } });
    const { token, user } = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => signup(token, id)));
    expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(SUCCESS_CODE));
    expect(await signupCount(id)).toBe(1);
    expect(await rewardEntries(user.id, id)).toBe(1);
    await expectLedgerOk();
  });
});
