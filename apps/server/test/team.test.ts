import { readFileSync } from 'node:fs';
import path from 'node:path';
import { adminApi, api, ERRORS } from '@app/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { createProduct, fund, nextAccount, signInOwner, signUp, violationsWith } from './factories.ts';
import { createEmptyDatabase, createTestApp, openEmptyPglite, type TestApp, usingPostgres } from './setup.ts';

// Friday 27 November 2026, 10:00 in Lagos.
const FRIDAY_10AM = Date.parse('2026-11-27T09:00:00Z');
const HOUR = 3600;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
// Each test an hour after the last: sign-ups from the one test address are limited per hour.
let hours = 0;
beforeEach(() => {
  t.clock.set(new Date(FRIDAY_10AM + hours++ * HOUR * 1000));
});

type Session = Awaited<ReturnType<typeof signUp>>;

type Chain<N extends number, Links extends Session[] = []> = Links['length'] extends N
  ? Links
  : Chain<N, [...Links, Session]>;

/** A chain of sign-ups, each invited by the one before: [top, …, last]. */
async function inviteChain<N extends number>(length: N): Promise<Chain<N>> {
  const chain: Session[] = [];
  for (let i = 0; i < length; i++) chain.push(await signUp(t, { inviteCode: chain.at(-1)?.user.inviteCode }));
  return chain as Chain<N>;
}

let keys = 0;
async function buy(session: Session, productId: number) {
  keys += 1;
  return t.ok(
    api.products.purchase,
    { productId },
    { token: session.token, headers: { 'idempotency-key': `team-${process.pid}-${keys}` } },
  );
}

/** What the ledger paid `payeeId` in referral entries naming `memberId`, in minor units. */
async function ledgerCommission(payeeId: number, memberId?: number): Promise<bigint> {
  const [row] = await queryRows<{ total: string | null }>(
    t.db,
    sql`select sum(l.amount)::text as total from journal_entries e
      join journal_lines l on l.entry_id = e.id
      join ledger_accounts a on a.id = l.account_id and a.user_id = e.user_id
      where e.user_id = ${payeeId} and e.type in ('distribution_profit', 'new_invite_bonus')
        ${memberId === undefined ? sql`` : sql`and e.member_id = ${memberId}`}`,
  );
  return BigInt(row?.total ?? 0);
}

const cents = (amount: string) => BigInt(amount.replace('.', ''));

async function expectLedgerOk() {
  expect((await checkLedger(t.db)).violations).toEqual([]);
}

describe('the ancestors table', () => {
  it('a sign-up is placed under its inviter and the inviter’s two ancestors, and no further', async () => {
    const [top, a, b, c, d] = await inviteChain(5);
    const rows = await queryRows<{ ancestor_id: number; depth: number }>(
      t.db,
      sql`select ancestor_id, depth from user_ancestors where user_id = ${d.user.id} order by depth`,
    );
    expect(rows).toEqual([
      { ancestor_id: c.user.id, depth: 1 },
      { ancestor_id: b.user.id, depth: 2 },
      { ancestor_id: a.user.id, depth: 3 },
    ]);
    const above = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from user_ancestors where user_id = ${d.user.id} and ancestor_id = ${top.user.id}`,
    );
    expect(above).toEqual([{ n: 0 }]);
  });

  it('a sign-up without an invite code has no ancestors and is in nobody’s team', async () => {
    const alone = await signUp(t);
    const rows = await queryRows(t.db, sql`select 1 from user_ancestors where user_id = ${alone.user.id}`);
    expect(rows).toEqual([]);
    const team = await t.ok(api.team.summary, {}, { token: alone.token });
    expect(team).toMatchObject({ teamSize: 0, totalCommission: '0.00', todayCommission: '0.00' });
  });
});

const MIGRATIONS = path.join(import.meta.dirname, '../src/db/migrations');

/** The statements of one migration file, as the migrator splits them. */
const statementsOf = (tag: string) =>
  readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => statement.trim());

/** An empty database of the tier under test, driven by plain SQL (no migrations run). */
async function rawDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const copy = await createEmptyDatabase(serverUrl);
    const client = new pg.Client({ connectionString: copy.url });
    await client.connect();
    return {
      run: async (text: string) => (await client.query(text)).rows as Record<string, unknown>[],
      close: async () => {
        await client.end();
        await copy.drop();
      },
    };
  }
  const lite = await openEmptyPglite();
  return {
    run: async (text: string) => (await lite.query<Record<string, unknown>>(text)).rows,
    close: () => lite.close(),
  };
}

describe('the migration that builds the teams (0009)', () => {
  it('fills the ancestors from the inviter links, names the member of each earlier commission, and totals the teams', async () => {
    const db = await rawDatabase();
    try {
      const { entries } = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const tags = entries.map((entry) => entry.tag);
      for (const tag of tags.slice(0, tags.indexOf('0009_team_ancestors'))) {
        for (const statement of statementsOf(tag)) await db.run(statement);
      }
      // Four users invited in a chain before the teams existed; only the first link has its ancestor row.
      await db.run(`insert into users (account, account_kind, password_hash, nickname, invite_code, inviter_id, created_at)
        values ('top@x.io', 'email', 'x', 'top', 'C1', null, '2026-11-01T08:00:00Z'),
               ('l3@x.io', 'email', 'x', 'l3', 'C2', 1, '2026-11-01T08:00:00Z'),
               ('l2@x.io', 'email', 'x', 'l2', 'C3', 2, '2026-11-01T08:00:00Z'),
               ('l1@x.io', 'email', 'x', 'l1', 'C4', 3, '2026-11-01T08:00:00Z'),
               ('buyer@x.io', 'email', 'x', 'b', 'C5', 4, '2026-11-01T08:00:00Z')`);
      await db.run(`insert into user_ancestors values (2, 1, 1)`);
      await db.run(`insert into ledger_accounts (user_id, kind, asset) values (4, 'income', 'CASH'), (3, 'income', 'CASH'),
        (null, 'payouts', 'CASH')`);
      // A purchase's commissions as they were posted: the member in the memo.
      await db.run(`insert into journal_entries (type, user_id, ref_type, ref_id, memo, created_at)
        values ('distribution_profit', 4, 'order', '1', 'user:5', '2026-11-02T23:30:00Z'),
               ('new_invite_bonus', 4, 'order', '1', 'user:5', '2026-11-02T23:30:00Z'),
               ('distribution_profit', 3, 'order', '1', 'user:5', '2026-11-02T23:30:00Z')`);
      await db.run(`insert into journal_lines (entry_id, account_id, asset, amount, created_at)
        values (1, 1, 'CASH', 1000, now()), (1, 3, 'CASH', -1000, now()),
               (2, 1, 'CASH', 500, now()), (2, 3, 'CASH', -500, now()),
               (3, 2, 'CASH', 500, now()), (3, 3, 'CASH', -500, now())`);

      for (const statement of statementsOf('0009_team_ancestors')) await db.run(statement);

      expect(await db.run('select user_id, ancestor_id, depth from user_ancestors order by user_id, depth')).toEqual([
        { user_id: 2, ancestor_id: 1, depth: 1 },
        { user_id: 3, ancestor_id: 2, depth: 1 },
        { user_id: 3, ancestor_id: 1, depth: 2 },
        { user_id: 4, ancestor_id: 3, depth: 1 },
        { user_id: 4, ancestor_id: 2, depth: 2 },
        { user_id: 4, ancestor_id: 1, depth: 3 },
        { user_id: 5, ancestor_id: 4, depth: 1 },
        { user_id: 5, ancestor_id: 3, depth: 2 },
        { user_id: 5, ancestor_id: 2, depth: 3 },
      ]);
      expect(await db.run('select id::int, member_id, memo from journal_entries order by id')).toEqual([
        { id: 1, member_id: 5, memo: '' },
        { id: 2, member_id: 5, memo: '' },
        { id: 3, member_id: 5, memo: '' },
      ]);
      expect(
        await db.run('select user_id, member_id, amount::text from team_contributions order by user_id, member_id'),
      ).toEqual([
        { user_id: 3, member_id: 5, amount: '500' },
        { user_id: 4, member_id: 5, amount: '1500' },
      ]);
      expect(
        await db.run('select user_id, depth, members, commission::text from team_levels order by user_id, depth'),
      ).toEqual([
        { user_id: 1, depth: 1, members: 1, commission: '0' },
        { user_id: 1, depth: 2, members: 1, commission: '0' },
        { user_id: 1, depth: 3, members: 1, commission: '0' },
        { user_id: 2, depth: 1, members: 1, commission: '0' },
        { user_id: 2, depth: 2, members: 1, commission: '0' },
        { user_id: 2, depth: 3, members: 1, commission: '0' },
        { user_id: 3, depth: 1, members: 1, commission: '0' },
        { user_id: 3, depth: 2, members: 1, commission: '500' },
        { user_id: 4, depth: 1, members: 1, commission: '1500' },
      ]);
      // 23:30 UTC is 00:30 the next day in Lagos, the default time zone.
      expect(
        await db.run('select user_id, day::text, amount::text from team_commission_days order by user_id'),
      ).toEqual([
        { user_id: 3, day: '2026-11-03', amount: '500' },
        { user_id: 4, day: '2026-11-03', amount: '1500' },
      ]);
    } finally {
      await db.close();
    }
  });
});

describe('commissions of a four-deep invite chain', () => {
  it('go to exactly three levels at the configured rates, and the team pages show the ledger’s figures', async () => {
    const owner = await signInOwner(t);
    await t.ok(
      adminApi.admin.putConfig,
      { referral_rates: ['0.08', '0.04', '0.01'], new_invite_bonus: '2.50' },
      { token: owner },
    );
    try {
      const [top, level3, level2, level1, buyer] = await inviteChain(5);
      const product = await createProduct(t, { price: '200.00' });
      await fund(t, buyer.user.id, '400.00');
      await buy(buyer, product.id);
      await buy(buyer, product.id);

      // 8 %, 4 % and 1 % of two purchases of 200; the 2.50 bonus once, to the direct inviter only.
      expect(await ledgerCommission(level1.user.id, buyer.user.id)).toBe(32_00n + 2_50n);
      expect(await ledgerCommission(level2.user.id, buyer.user.id)).toBe(16_00n);
      expect(await ledgerCommission(level3.user.id, buyer.user.id)).toBe(4_00n);
      expect(await ledgerCommission(top.user.id)).toBe(0n);

      const summaries = await Promise.all(
        [level1, level2, level3, top].map((s) => t.ok(api.team.summary, {}, { token: s.token })),
      );
      expect(
        summaries.map((s) => s.levels.map(({ level, count, commission }) => ({ level, count, commission }))),
      ).toEqual([
        [
          { level: 1, count: 1, commission: '34.50' },
          { level: 2, count: 0, commission: '0.00' },
          { level: 3, count: 0, commission: '0.00' },
        ],
        [
          { level: 1, count: 1, commission: '0.00' },
          { level: 2, count: 1, commission: '16.00' },
          { level: 3, count: 0, commission: '0.00' },
        ],
        [
          { level: 1, count: 1, commission: '0.00' },
          { level: 2, count: 1, commission: '0.00' },
          { level: 3, count: 1, commission: '4.00' },
        ],
        [
          { level: 1, count: 1, commission: '0.00' },
          { level: 2, count: 1, commission: '0.00' },
          { level: 3, count: 1, commission: '0.00' },
        ],
      ]);
      for (const [summary, payee] of [
        [summaries[0], level1],
        [summaries[1], level2],
        [summaries[2], level3],
      ] as const) {
        const total = await ledgerCommission(payee.user.id);
        expect(cents(summary?.totalCommission ?? '')).toBe(total);
        expect(cents(summary?.todayCommission ?? '')).toBe(total);
      }
      expect(summaries[0]?.levels.map((level) => level.rate)).toEqual(['0.08', '0.04', '0.01']);
      expect(summaries[0]?.newInviteBonus).toBe('2.50');

      const members = await Promise.all(
        ([1, 2, 3] as const).map((level, i) =>
          t.ok(api.team.members, { level }, { token: [level1, level2, level3][i]?.token }),
        ),
      );
      expect(members.map((page) => page.items.map((m) => [m.id, m.level, m.contribution]))).toEqual([
        [[buyer.user.id, 1, '34.50']],
        [[buyer.user.id, 2, '16.00']],
        [[buyer.user.id, 3, '4.00']],
      ]);
      await expectLedgerOk();
    } finally {
      await t.ok(
        adminApi.admin.putConfig,
        { referral_rates: ['0.10', '0.05', '0.02'], new_invite_bonus: '5.00' },
        { token: owner },
      );
    }
  });

  it('today’s commission counts only what was earned since midnight in the platform’s time zone', async () => {
    const [inviter, member] = await inviteChain(2);
    const product = await createProduct(t, { price: '100.00' });
    await fund(t, member.user.id, '200.00');
    await buy(member, product.id);
    t.clock.advance(24 * HOUR);
    await buy(member, product.id);
    const team = await t.ok(api.team.summary, {}, { token: inviter.token });
    // 10 % + the 5.00 bonus yesterday, 10 % today.
    expect(team).toMatchObject({ todayCommission: '10.00', totalCommission: '25.00', teamSize: 1 });
  });
});

describe('team members', () => {
  it('are listed per level, newest first, page by page, with masked accounts and register times', async () => {
    const inviter = await signUp(t);
    const registeredAt = t.clock.now().toISOString();
    const first = await signUp(t, { inviteCode: inviter.user.inviteCode, account: nextAccount('firstmember') });
    t.clock.advance(60);
    const second = await signUp(t, { inviteCode: inviter.user.inviteCode });
    const grandchild = await signUp(t, { inviteCode: first.user.inviteCode });

    const page1 = await t.ok(api.team.members, { level: 1, limit: 1 }, { token: inviter.token });
    expect(page1.items.map((m) => m.id)).toEqual([second.user.id]);
    const page2 = await t.ok(
      api.team.members,
      { level: 1, limit: 1, cursor: page1.nextCursor ?? '' },
      { token: inviter.token },
    );
    expect(page2.items.map((m) => m.id)).toEqual([first.user.id]);
    expect(page2.nextCursor).toBeNull();
    expect(page2.items[0]).toEqual({
      id: first.user.id,
      nickname: 'fi***',
      account: `fi***@${first.account.split('@')[1]}`,
      level: 1,
      registeredAt,
      contribution: '0.00',
    });

    const level2 = await t.ok(api.team.members, { level: 2 }, { token: inviter.token });
    expect(level2.items.map((m) => m.id)).toEqual([grandchild.user.id]);
    expect((await t.ok(api.team.members, { level: 3 }, { token: inviter.token })).items).toEqual([]);
    expect(await t.ok(api.team.summary, {}, { token: inviter.token })).toMatchObject({
      teamSize: 3,
      levels: [
        { level: 1, count: 2 },
        { level: 2, count: 1 },
        { level: 3, count: 0 },
      ],
    });
  });

  it('a level other than 1, 2 or 3 is refused', async () => {
    const user = await signUp(t);
    const answer = await t.call(api.team.members, { level: 4 as 1 }, { token: user.token });
    expect(answer.code).toBe(ERRORS.INVALID_INPUT.code);
  });

  it('the team is the signed-in user’s own: no session, no team', async () => {
    expect((await t.call(api.team.summary, {})).code).toBe(ERRORS.SESSION_MISSING.code);
  });

  it('the invite link is the sign-up page with the user’s code', async () => {
    const user = await signUp(t);
    const team = await t.ok(api.team.summary, {}, { token: user.token });
    expect(team.inviteCode).toBe(user.user.inviteCode);
    expect(team.inviteUrl).toBe(`${t.config.publicUrl}/account/signUp?code=${user.user.inviteCode}`);
  });
});

describe('income records', () => {
  it('name the team member a commission came from, masked, instead of a user number', async () => {
    const inviter = await signUp(t);
    const member = await signUp(t, { inviteCode: inviter.user.inviteCode, account: nextAccount('buyer') });
    const product = await createProduct(t, { price: '100.00' });
    await fund(t, member.user.id, '100.00');
    await buy(member, product.id);
    const records = await t.ok(api.records.profit, {}, { token: inviter.token });
    const masked = `bu***@${member.account.split('@')[1]}`;
    expect(records.items.map((r) => [r.type, r.amount, r.member, r.memo])).toEqual([
      ['new_invite_bonus', '5.00', masked, ''],
      ['distribution_profit', '10.00', masked, ''],
    ]);
  });
});

describe('the back office', () => {
  it('shows a user’s upline of three levels and their downline per level, unmasked', async () => {
    const owner = await signInOwner(t);
    const [top, a, b, user] = await inviteChain(4);
    const invitees = [
      await signUp(t, { inviteCode: user.user.inviteCode }),
      await signUp(t, { inviteCode: user.user.inviteCode }),
    ];
    const grandchild = await signUp(t, { inviteCode: invitees[0]?.user.inviteCode });
    const product = await createProduct(t, { price: '100.00' });
    await fund(t, grandchild.user.id, '100.00');
    await buy(grandchild, product.id);

    const team = await t.ok(adminApi.team.userTeam, {}, { token: owner, params: { id: user.user.id } });
    expect(team).toEqual({
      upline: [
        { id: b.user.id, account: b.account, nickname: expect.any(String), level: 1 },
        { id: a.user.id, account: a.account, nickname: expect.any(String), level: 2 },
        { id: top.user.id, account: top.account, nickname: expect.any(String), level: 3 },
      ],
      teamSize: 3,
      levels: [
        { level: 1, count: 2, commission: '0.00' },
        { level: 2, count: 1, commission: '5.00' },
        { level: 3, count: 0, commission: '0.00' },
      ],
      totalCommission: '5.00',
    });
    const members = await t.ok(
      adminApi.team.userTeamMembers,
      { level: 1 },
      { token: owner, params: { id: user.user.id } },
    );
    expect(members.items.map((m) => [m.id, m.account])).toEqual([
      [invitees[1]?.user.id, invitees[1]?.account],
      [invitees[0]?.user.id, invitees[0]?.account],
    ]);
    const unknown = await t.call(adminApi.team.userTeam, {}, { token: owner, params: { id: 2_000_000_000 } });
    expect(unknown.code).toBe(ERRORS.USER_NOT_FOUND.code);
  });
});

describe('the ledger check', () => {
  it('finds a team total that no longer matches the referral entries', async () => {
    const [inviter, member] = await inviteChain(2);
    const product = await createProduct(t, { price: '100.00' });
    await fund(t, member.user.id, '100.00');
    await buy(member, product.id);
    await expectLedgerOk();
    expect(
      await violationsWith(
        t,
        sql`update team_levels set commission = commission + 1 where user_id = ${inviter.user.id}`,
      ),
    ).toEqual(["each level of a user's team counts its members and adds up their commission"]);
    expect(
      await violationsWith(
        t,
        sql`update team_contributions set amount = amount + 1 where user_id = ${inviter.user.id}`,
      ),
    ).toEqual([
      "each user's commission from each team member equals the lines of the entries naming them",
      "each level of a user's team counts its members and adds up their commission",
      "each user's team commission by day adds up to their commission from members",
    ]);
  });
});

describe.skipIf(!usingPostgres)('a team under concurrent sign-ups and purchases (PostgreSQL)', () => {
  it('members buying at once while others sign up leave every team total equal to the ledger', async () => {
    const [top, inviter] = await inviteChain(2);
    const members = await Promise.all(
      Array.from({ length: 8 }, () => signUp(t, { inviteCode: inviter.user.inviteCode })),
    );
    const product = await createProduct(t, { price: '100.00' });
    for (const member of members) await fund(t, member.user.id, '300.00');
    t.clock.advance(HOUR);
    const answers = await Promise.all([
      ...members.flatMap((member) => [buy(member, product.id), buy(member, product.id), buy(member, product.id)]),
      ...Array.from({ length: 6 }, () => signUp(t, { inviteCode: members[0]?.user.inviteCode })),
    ]);
    expect(answers).toHaveLength(30);
    const team = await t.ok(api.team.summary, {}, { token: inviter.token });
    // 24 purchases of 100 at 10 % and 8 first-purchase bonuses of 5.00.
    expect(team).toMatchObject({ teamSize: 14, totalCommission: '280.00' });
    expect((await t.ok(api.team.summary, {}, { token: top.token })).totalCommission).toBe('120.00');
    await expectLedgerOk();
  });
});

if (!usingPostgres) {
  it.skip('team races (PostgreSQL only: set TEST_DATABASE_URL)', () => {});
}
