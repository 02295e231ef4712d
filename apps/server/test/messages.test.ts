import {
  type AdminRole,
  adminApi,
  api,
  type BroadcastAudience,
  ERRORS,
  SUCCESS_CODE,
  type VipLevelInput,
} from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, messages, users } from '../src/db/schema.ts';
import { buildDeposit, buildWithdrawal, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

/** A Tuesday within withdrawal hours; each test runs a week later than the one before. */
const TUESDAY_11AM = Date.parse('2026-12-01T10:00:00Z');
const WEEK_MS = 7 * 24 * 3600 * 1000;

let t: TestApp;
let owner: string;
let weeks = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
// Each test in a week of its own: the sign-up limits per address count its users only.
beforeEach(async () => {
  t.clock.set(new Date(TUESDAY_11AM + weeks++ * WEEK_MS));
  owner = await signInOwner(t);
});

const text = (en: string, more: Record<string, string> = {}) => ({ en, ...more });

function broadcast(audience: BroadcastAudience, title = 'Maintenance tonight', token = owner) {
  return t.call(
    adminApi.messages.broadcast,
    { title: text(title, { fr: `${title} (fr)` }), body: text('From 23:00 to 23:30.'), audience },
    { token },
  );
}

const inbox = (token: string, lang?: string, cursor?: string, limit = 20) =>
  t.ok(api.messages.list, { cursor, limit }, { token, lang });

let adminSequence = 0;
async function operator(role: AdminRole) {
  adminSequence += 1;
  const email = `messages-${role}${adminSequence}-${process.pid}@staff.example.com`;
  const password = 'staff-pass-1';
  await t.ok(adminApi.admin.createAdmin, { email, name: `${role} ${adminSequence}`, role, password }, { token: owner });
  const { token } = await t.ok(adminApi.admin.login, { email, password });
  return `Bearer ${token}`;
}

async function messageRowsOf(userId: number) {
  return t.db.select().from(messages).where(eq(messages.userId, userId));
}

describe('broadcasts', () => {
  it('a broadcast to everyone is one row that every user who had signed up reads, unread until opened', async () => {
    const ada = await signUp(t);
    const ben = await signUp(t);
    const before = (await t.db.select({ n: sql<number>`count(*)::integer` }).from(messages))[0]?.n;

    const sent = await t.ok(
      adminApi.messages.broadcast,
      { title: text('Maintenance tonight', { fr: 'Maintenance ce soir' }), body: text('23:00'), audience: 'all' },
      { token: owner },
    );

    const after = (await t.db.select({ n: sql<number>`count(*)::integer` }).from(messages))[0]?.n;
    expect(after).toBe((before ?? 0) + 1);
    const [total] = await t.db.select({ n: sql<number>`count(*)::integer` }).from(users);
    expect(sent.sent).toBe(total?.n);
    for (const user of [ada, ben]) {
      const page = await inbox(user.token, 'fr');
      expect(page.unread).toBe(1);
      expect(page.items).toEqual([
        {
          id: sent.id,
          title: 'Maintenance ce soir',
          body: '23:00',
          read: false,
          createdAt: t.clock.now().toISOString(),
        },
      ]);
    }
    expect((await inbox(ada.token, 'th')).items[0]?.title).toBe('Maintenance tonight');

    t.clock.advance(60);
    const late = await signUp(t);
    expect(await inbox(late.token)).toEqual({ items: [], nextCursor: null, unread: 0 });
  });

  it('opening a message marks it read for that reader only; opening it again changes nothing', async () => {
    const ada = await signUp(t);
    const ben = await signUp(t);
    const { id } = await t.ok(
      adminApi.messages.broadcast,
      { title: text('Hello'), body: text('Welcome'), audience: 'all' },
      { token: owner },
    );
    expect(await t.ok(api.messages.read, {}, { token: ada.token, params: { id } })).toEqual({ unread: 0 });
    expect(await t.ok(api.messages.read, {}, { token: ada.token, params: { id } })).toEqual({ unread: 0 });
    expect((await inbox(ada.token)).items[0]?.read).toBe(true);
    expect(await inbox(ben.token)).toMatchObject({ unread: 1, items: [{ id, read: false }] });
  });

  it('read all is one mark: every message so far is read, and the next one is unread', async () => {
    const ada = await signUp(t);
    for (const title of ['One', 'Two', 'Three']) await broadcast('all', title);
    expect((await inbox(ada.token)).unread).toBe(3);

    expect(await t.ok(api.messages.readAll, {}, { token: ada.token })).toEqual({ unread: 0 });
    expect((await inbox(ada.token)).items.every((item) => item.read)).toBe(true);

    await broadcast('all', 'Four');
    const page = await inbox(ada.token);
    expect(page.unread).toBe(1);
    expect(page.items.map((item) => [item.title, item.read])).toEqual([
      ['Four', false],
      ['Three', true],
      ['Two', true],
      ['One', true],
    ]);
  });

  it('the list pages by cursor, newest first, each message once', async () => {
    const ada = await signUp(t);
    for (const title of ['A', 'B', 'C', 'D', 'E']) await broadcast({ userIds: [ada.user.id] }, title);
    const first = await inbox(ada.token, undefined, undefined, 2);
    const second = await inbox(ada.token, undefined, first.nextCursor ?? undefined, 2);
    const third = await inbox(ada.token, undefined, second.nextCursor ?? undefined, 2);
    expect([first, second, third].flatMap((page) => page.items.map((item) => item.title))).toEqual([
      'E',
      'D',
      'C',
      'B',
      'A',
    ]);
    expect(third.nextCursor).toBeNull();
    expect(first.unread).toBe(5);
  });

  it('a VIP audience reaches users at that level and above; chosen users reach only them', async () => {
    const [low, mid, high] = [await signUp(t), await signUp(t), await signUp(t)];
    await t.db.update(users).set({ level: 1 }).where(eq(users.id, low.user.id));
    await t.db.update(users).set({ level: 2 }).where(eq(users.id, mid.user.id));
    await t.db.update(users).set({ level: 3 }).where(eq(users.id, high.user.id));

    const count = await t.ok(adminApi.messages.audience, { audience: { vip: 2 } }, { token: owner });
    const [atLeastTwo] = await t.db
      .select({ n: sql<number>`count(*)::integer` })
      .from(users)
      .where(sql`${users.level} >= 2`);
    expect(count.count).toBe(atLeastTwo?.n);
    const vip = await t.ok(
      adminApi.messages.broadcast,
      { title: text('VIP gift'), body: text('For you'), audience: { vip: 2 } },
      { token: owner },
    );
    expect(vip.sent).toBe(count.count);
    const chosen = await t.ok(
      adminApi.messages.broadcast,
      { title: text('Just you'), body: text('Hi'), audience: { userIds: [low.user.id, low.user.id] } },
      { token: owner },
    );
    expect(chosen.sent).toBe(1);

    const titles = async (token: string) => (await inbox(token)).items.map((item) => item.title);
    expect(await titles(low.token)).toEqual(['Just you']);
    expect(await titles(mid.token)).toEqual(['VIP gift']);
    expect(await titles(high.token)).toEqual(['VIP gift']);
    const foreign = await t.call(api.messages.read, {}, { token: mid.token, params: { id: chosen.id } });
    expect(foreign.code).toBe(ERRORS.MESSAGE_NOT_FOUND.code);
  });

  it('an empty audience and unknown users are refused before anything is sent', async () => {
    const empty = await broadcast({ vip: 99 });
    expect(empty.code).toBe(ERRORS.BROADCAST_AUDIENCE_EMPTY.code);
    const unknown = await broadcast({ userIds: [2_000_000_000] });
    expect(unknown.code).toBe(ERRORS.BROADCAST_USERS_UNKNOWN.code);
    expect(unknown.msg).toContain('2000000000');
  });

  it('content and the owner broadcast, audited; support may not', async () => {
    const content = await operator('content');
    const sent = await broadcast('all', 'By content', content);
    expect(sent.code).toBe(SUCCESS_CODE);
    const support = await operator('support');
    expect((await broadcast('all', 'By support', support)).code).toBe(ERRORS.ADMIN_FORBIDDEN.code);

    const { id } = sent.data as { id: number };
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.broadcast'), eq(auditLog.target, `message:${id}`)));
    expect(audits).toHaveLength(1);
    const list = await t.ok(adminApi.messages.broadcasts, { limit: 5 }, { token: support });
    expect(list.items[0]).toMatchObject({ id, title: 'By content', audience: 'all', vip: null });
  });
});

describe("the product's notices", () => {
  it('a withdrawal paid leaves exactly one message, in the reader’s language, with the amount', async () => {
    const { user } = await buildWithdrawal(t, owner, { status: 'paid', amount: '100' });
    expect(await messageRowsOf(user.user.id)).toHaveLength(1);
    const page = await inbox(user.token, 'fr');
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({ title: 'Retrait payé', body: 'Votre retrait de $100.00 a été payé.' });
  });

  it('a withdrawal rejected leaves exactly one message with the reason', async () => {
    const { user } = await buildWithdrawal(t, owner, { status: 'rejected', amount: '100' });
    const rows = await messageRowsOf(user.user.id);
    expect(rows.map((row) => row.notice)).toEqual(['withdrawal_rejected']);
    expect((await inbox(user.token)).items[0]?.body).toBe(
      'Your withdrawal of $100.00 was rejected: test rejection. The amount is back in your wallet.',
    );
  });

  it('a deposit credited leaves exactly one message', async () => {
    const { user } = await buildDeposit(t, { status: 'succeeded', amount: '250.00' });
    expect((await messageRowsOf(user.user.id)).map((row) => row.notice)).toEqual(['deposit_credited']);
    expect((await inbox(user.token, 'zh')).items[0]).toMatchObject({
      title: '充值已到账',
      body: '$250.00 已存入您的钱包。',
    });
  });

  it('a level reached leaves exactly one message naming the level; staying at it leaves none', async () => {
    const ladder: VipLevelInput[] = [
      {
        level: 1,
        name: { en: 'VIP 1', fr: 'VIP Un' },
        kind: 'vip',
        requirement: { kind: 'recharge', amount: '100.00' },
        price: null,
        benefits: { extraDraws: 0, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0' },
      },
    ];
    await t.ok(adminApi.vip.saveLevels, { levels: ladder }, { token: owner });
    const { user } = await buildDeposit(t, { status: 'succeeded', amount: '150.00' });
    const { transId } = await t.ok(
      api.cash.createDeposit,
      { amount: '100.00', methodId: 'sandbox' },
      { token: user.token },
    );
    await t.services.sandbox.decide(transId, 'approved');
    await t.services.sandbox.deliverWebhooks();

    const notices = (await messageRowsOf(user.user.id)).map((row) => row.notice).sort();
    expect(notices).toEqual(['deposit_credited', 'deposit_credited', 'level_reached']);
    const reached = (await inbox(user.token, 'fr')).items.find((item) => item.title === 'Nouveau niveau atteint');
    expect(reached?.body).toBe('Félicitations ! Vous avez atteint le niveau VIP Un.');
    // The ladder goes (no one may hold a level then), so the other tests' deposits reach none.
    await t.db.update(users).set({ level: 0, vip: 'normal' }).where(sql`${users.level} > 0`);
    await t.ok(adminApi.vip.saveLevels, { levels: [] }, { token: owner });
  });
});

describe('the contact inbox', () => {
  it('a contact message waits in the inbox; the reply reaches the user as a message; closed stays closed', async () => {
    const ada = await signUp(t);
    const support = await operator('support');
    const { id } = await t.ok(
      api.contact.send,
      { message: 'My deposit is late', contact: '08012345678' },
      { token: ada.token },
    );
    const open = await t.ok(adminApi.messages.inbox, { status: 'open' }, { token: support });
    expect(open.items[0]).toMatchObject({
      id,
      account: ada.account,
      message: 'My deposit is late',
      contact: '08012345678',
      status: 'open',
      reply: null,
    });

    const replied = await t.ok(
      adminApi.messages.reply,
      { reply: 'It is credited now.' },
      { token: support, params: { id } },
    );
    expect(replied).toMatchObject({ status: 'replied', reply: 'It is credited now.' });
    expect((await inbox(ada.token, 'es')).items[0]).toMatchObject({
      title: 'Respuesta del servicio de atención',
      body: 'It is credited now.',
      read: false,
    });

    expect(await t.ok(adminApi.messages.close, {}, { token: support, params: { id } })).toMatchObject({
      status: 'closed',
    });
    const again = await t.call(adminApi.messages.reply, { reply: 'More' }, { token: support, params: { id } });
    expect(again.code).toBe(ERRORS.CONTACT_CLOSED.code);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `contact:${id}`));
    expect(actions.map((row) => row.action).sort()).toEqual(['contact.close', 'contact.reply']);
  });

  it('a user with five messages waiting may not send a sixth until one is answered', async () => {
    const ada = await signUp(t);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await t.ok(api.contact.send, { message: `Help ${i}` }, { token: ada.token })).id);
    const refused = await t.call(api.contact.send, { message: 'Help 5' }, { token: ada.token, lang: 'fr' });
    expect(refused.code).toBe(ERRORS.CONTACT_TOO_MANY.code);
    expect(refused.msg).toContain('5');
    await t.ok(adminApi.messages.close, {}, { token: owner, params: { id: ids[0] as number } });
    expect((await t.call(api.contact.send, { message: 'Help 5' }, { token: ada.token })).code).toBe(SUCCESS_CODE);
  });

  it('the inbox is for support and the owner; content may not read it', async () => {
    const content = await operator('content');
    expect((await t.call(adminApi.messages.inbox, {}, { token: content })).code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
    const missing = await t.call(adminApi.messages.close, {}, { token: owner, params: { id: 2_000_000_000 } });
    expect(missing.code).toBe(ERRORS.CONTACT_NOT_FOUND.code);
  });
});

describe.runIf(usingPostgres)('read all racing new messages (PostgreSQL)', () => {
  it('read all and broadcasts sent at the same time: the unread count is never negative and matches the list', async () => {
    const ada = await signUp(t);
    await broadcast({ userIds: [ada.user.id] }, 'Before');
    for (let round = 0; round < 10; round++) {
      const [, read] = await Promise.all([
        broadcast({ userIds: [ada.user.id] }, `Race ${round}`),
        t.ok(api.messages.readAll, {}, { token: ada.token }),
        t.services.notices.notify(t.db, { notice: 'contact_reply', userId: ada.user.id, reply: `Note ${round}` }),
      ]);
      expect(read.unread).toBeGreaterThanOrEqual(0);
      expect(read.unread).toBeLessThanOrEqual(2);
      const page = await inbox(ada.token, undefined, undefined, 100);
      expect(page.unread).toBe(page.items.filter((item) => !item.read).length);
    }
    expect((await t.ok(api.messages.readAll, {}, { token: ada.token })).unread).toBe(0);
    expect((await inbox(ada.token, undefined, undefined, 100)).items.every((item) => item.read)).toBe(true);
  });
});
