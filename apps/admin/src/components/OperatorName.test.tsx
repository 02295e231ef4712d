// @vitest-environment jsdom
import { type AdminUser, adminApi, configDefaults, type OutputOf } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api.ts';
import { platformFormatOf, setPlatformFormat } from '../lib/format.ts';
import { AuditPage } from '../pages/audit/AuditPage.tsx';
import { WithdrawalsTable } from '../pages/cash/WithdrawalsTable.tsx';
import { BroadcastPage } from '../pages/messages/BroadcastPage.tsx';
import { ContactInboxPage } from '../pages/messages/ContactInboxPage.tsx';
import { RedeemBatchesPage } from '../pages/redeem/RedeemBatchesPage.tsx';
import { answering, cleanupScreen, renderScreen } from '../test/render.tsx';

vi.mock('../api.ts', async (importOriginal) => ({ ...(await importOriginal()), call: vi.fn() }));
const OWNER: AdminUser = {
  id: 1,
  email: 'owner@example.com',
  name: 'Owner',
  role: 'owner',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
};
vi.mock('../auth.tsx', () => ({ useAdmin: () => OWNER, useAuth: () => ({ admin: OWNER }) }));
// A first render of antd's tables in jsdom takes seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const mockedCall = vi.mocked(call);
const ADA = { id: 3, name: 'Ada Obi', email: 'ada.obi@staff.example.com' };
const AT = '2026-11-27T09:00:00.000Z';

function answer(...answers: Parameters<typeof answering>) {
  mockedCall.mockImplementation(answering(...answers) as typeof call);
}

/** The table row holding `text`. */
async function rowWith(text: string) {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

beforeEach(() => setPlatformFormat(platformFormatOf(configDefaults, 'en-US')));
afterEach(() => {
  cleanupScreen();
  mockedCall.mockReset();
});

describe('lists name the operator who acted, not "admin #3"', () => {
  it('the audit log: the operator’s name and email, "system" for the system', async () => {
    const entry = { action: 'user.freeze', target: 'user:12', before: null, after: null, ip: '', createdAt: AT };
    answer([
      adminApi.admin.audit,
      () => ({
        items: [
          { id: 2, adminId: ADA.id, adminName: ADA.name, adminEmail: ADA.email, ...entry },
          { id: 1, adminId: null, adminName: null, adminEmail: null, ...entry, action: 'admin.bootstrap' },
        ],
        nextCursor: null,
      }),
    ]);
    renderScreen(<AuditPage />, { path: '/audit' });
    const row = await rowWith(ADA.name);
    expect(within(row).getByText(ADA.email)).toBeTruthy();
    expect(within(await rowWith('admin.bootstrap')).getByText('system')).toBeTruthy();
    expect(screen.queryByText(`#${ADA.id}`)).toBeNull();
  });

  it('sent broadcasts: who sent each', async () => {
    const broadcast: OutputOf<typeof adminApi.messages.broadcasts>['items'][number] = {
      id: 9,
      title: 'Maintenance',
      titleI18n: { en: 'Maintenance' },
      bodyI18n: { en: 'Tonight.' },
      audience: 'all',
      vip: null,
      sent: 40,
      adminId: ADA.id,
      adminName: ADA.name,
      adminEmail: ADA.email,
      createdAt: AT,
    };
    answer([adminApi.messages.broadcasts, () => ({ items: [broadcast], nextCursor: null })]);
    renderScreen(<BroadcastPage />, { path: '/messages' });
    expect(within(await rowWith('Maintenance')).getByText(ADA.name)).toBeTruthy();
    expect(screen.queryByText(`#${ADA.id}`)).toBeNull();
  });

  it('withdrawals: who reviewed each', async () => {
    const withdrawal: OutputOf<typeof adminApi.cash.withdrawals>['items'][number] = {
      id: 5,
      orderNo: 'W0005',
      payee: 'Bola Ade',
      account: '0123456789',
      bankName: 'GTBank',
      accountType: 'bank',
      amount: '100.00',
      fee: '5.00',
      net: '95.00',
      status: 'pending_payment',
      reason: null,
      appliedAt: AT,
      reviewedAt: AT,
      paidAt: null,
      userId: 12,
      userAccount: 'bola@example.com',
      reviewedByName: ADA.name,
      reviewedByEmail: ADA.email,
    };
    answer([adminApi.cash.withdrawals, () => ({ items: [withdrawal], nextCursor: null })]);
    renderScreen(<WithdrawalsTable userId={12} bulk={false} />, { path: '/users/12' });
    expect(within(await rowWith('Bola Ade')).getByText(/by Ada Obi/)).toBeTruthy();
  });

  it('redeem-code batches: who generated each', async () => {
    const batch: OutputOf<typeof adminApi.redeem.batches>['items'][number] = {
      id: 4,
      count: 10,
      reward: { kind: 'points', amount: '5', name: '', nameI18n: {} },
      usesPerCode: 1,
      used: 0,
      expiresAt: '2027-01-01T00:00:00.000Z',
      adminName: ADA.name,
      adminEmail: ADA.email,
      createdAt: AT,
    };
    answer([adminApi.redeem.batches, () => ({ items: [batch], nextCursor: null })]);
    renderScreen(<RedeemBatchesPage />, { path: '/redeem-codes' });
    expect(within(await rowWith('#4')).getByText(ADA.name)).toBeTruthy();
  });

  it('the contact inbox: who answered each message', async () => {
    const message: OutputOf<typeof adminApi.messages.inbox>['items'][number] = {
      id: 7,
      userId: 12,
      account: 'bola@example.com',
      message: 'Where is my money?',
      contact: null,
      status: 'replied',
      reply: 'On its way.',
      handledBy: ADA.id,
      handledByName: ADA.name,
      handledByEmail: ADA.email,
      createdAt: AT,
      updatedAt: AT,
    };
    answer([adminApi.messages.inbox, () => ({ items: [message], nextCursor: null })]);
    renderScreen(<ContactInboxPage />, { path: '/contact' });
    expect(within(await rowWith('Where is my money?')).getByText(/by Ada Obi/)).toBeTruthy();
  });
});
