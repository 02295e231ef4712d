import { adminApi, api } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_PASSWORD, readyToWithdraw, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

// Tuesday 1 December 2026, 11:00 in Lagos: withdrawals are open.
const TUESDAY_11AM = '2026-12-01T10:00:00Z';
const ADA = { email: 'ada.obi@staff.example.com', name: 'Ada Obi', password: 'ada-secret-1' };
const BY_ADA = { name: ADA.name, email: ADA.email };

let t: TestApp;
let ada: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(TUESDAY_11AM));
  const owner = await signInOwner(t);
  await t.ok(adminApi.admin.createAdmin, { ...ADA, role: 'owner' }, { token: owner });
  ada = `Bearer ${(await t.ok(adminApi.admin.login, { email: ADA.email, password: ADA.password })).token}`;
});
afterAll(() => t?.close());

describe('back-office lists name the operator who acted, not their ID', () => {
  it('the audit log names the operator and the system', async () => {
    const { user } = await signUp(t);
    await t.ok(adminApi.admin.freezeUser, {}, { token: ada, params: { id: user.id } });
    const { items } = await t.ok(adminApi.admin.audit, { q: 'user.freeze', limit: 1 }, { token: ada });
    expect(items[0]).toMatchObject({ adminName: ADA.name, adminEmail: ADA.email });
    const system = await t.ok(adminApi.admin.audit, { q: 'admin.bootstrap', limit: 5 }, { token: ada });
    expect(system.items.some((entry) => entry.adminId === null && entry.adminName === null)).toBe(true);
  });

  it('a wallet adjustment in the user’s ledger names who made it', async () => {
    const { user } = await signUp(t);
    await t.ok(
      adminApi.products.adjust,
      { wallet: 'deposit', amount: '5.00', reason: 'goodwill' },
      { token: ada, params: { id: user.id } },
    );
    const ledger = await t.ok(adminApi.products.userLedger, { limit: 5 }, { token: ada, params: { id: user.id } });
    expect(ledger.items[0]).toMatchObject({ type: 'system_increase', memo: 'goodwill', adminName: ADA.name });
    expect(ledger.items[0]?.adminEmail).toBe(ADA.email);
  });

  it('a withdrawal names who reviewed it', async () => {
    const user = await readyToWithdraw(t);
    const asked = await t.ok(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '100', payPassword: PAY_PASSWORD },
      { token: user.token },
    );
    const waiting = await t.ok(adminApi.cash.withdrawals, { userId: user.user.id }, { token: ada });
    expect(waiting.items[0]).toMatchObject({ reviewedByName: null, reviewedByEmail: null });
    const approved = await t.ok(adminApi.cash.approveWithdrawal, {}, { token: ada, params: { id: asked.id } });
    expect(approved).toMatchObject({ reviewedByName: ADA.name, reviewedByEmail: ADA.email });
    const listed = await t.ok(adminApi.cash.withdrawals, { userId: user.user.id }, { token: ada });
    expect(listed.items[0]).toMatchObject({ reviewedByName: ADA.name, reviewedByEmail: ADA.email });
  });

  it('a sent broadcast names who sent it', async () => {
    await signUp(t);
    await t.ok(
      adminApi.messages.broadcast,
      { title: { en: 'Maintenance' }, body: { en: 'Tonight.' }, audience: 'all' },
      { token: ada },
    );
    const { items } = await t.ok(adminApi.messages.broadcasts, { limit: 1 }, { token: ada });
    expect(items[0]).toMatchObject({ adminName: ADA.name, adminEmail: ADA.email });
  });

  it('an answered contact message names who handled it', async () => {
    const { token } = await signUp(t);
    const { id } = await t.ok(api.contact.send, { message: 'Help' }, { token });
    const open = await t.ok(adminApi.messages.inbox, { status: 'open' }, { token: ada });
    expect(open.items.find((item) => item.id === id)).toMatchObject({ handledByName: null, handledByEmail: null });
    const replied = await t.ok(adminApi.messages.reply, { reply: 'Done' }, { token: ada, params: { id } });
    expect(replied).toMatchObject({ handledByName: ADA.name, handledByEmail: ADA.email });
    const listed = await t.ok(adminApi.messages.inbox, {}, { token: ada });
    expect(listed.items.find((item) => item.id === id)).toMatchObject({ handledByName: ADA.name });
  });

  it('a batch of redeem codes names who generated it', async () => {
    await t.ok(
      adminApi.redeem.generate,
      { count: 2, reward: { kind: 'points', amount: '5' }, usesPerCode: 1, expiresAt: '2027-01-01T00:00:00Z' },
      { token: ada },
    );
    const { items } = await t.ok(adminApi.redeem.batches, { limit: 1 }, { token: ada });
    expect(items[0]).toMatchObject({ adminName: BY_ADA.name, adminEmail: BY_ADA.email });
  });
});
