// @vitest-environment jsdom
import { type AdminUser, adminApi, configDefaults, type OutputOf } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../api.ts';
import { platformFormatOf, setPlatformFormat } from '../../lib/format.ts';
import { answering, cleanupScreen, renderScreen } from '../../test/render.tsx';
import { UserDetailPage } from './UserDetailPage.tsx';

vi.mock('../../api.ts', async (importOriginal) => ({ ...(await importOriginal()), call: vi.fn() }));
const OWNER: AdminUser = {
  id: 1,
  email: 'owner@example.com',
  name: 'Owner',
  role: 'owner',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
};
vi.mock('../../auth.tsx', () => ({ useAdmin: () => OWNER, useAuth: () => ({ admin: OWNER }) }));

const mockedCall = vi.mocked(call);
// A first render of antd's table, tabs and cards in jsdom takes seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const USER: OutputOf<typeof adminApi.admin.user> = {
  id: 12,
  account: 'ada@example.com',
  nickname: 'Ada',
  inviteCode: 'ADA123',
  inviterId: null,
  inviterAccount: null,
  status: 'active',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastLoginAt: null,
  hasPayPassword: true,
  payPasswordLockedUntil: null,
};

const LEVEL: OutputOf<typeof adminApi.vip.userLevel> = {
  level: 5,
  name: 'SVIP 2',
  vip: 'svip',
  paidLevel: 5,
  paid: { level: 5, name: 'SVIP 2', at: '2026-11-27T09:00:00.000Z' },
  totals: { recharge: '0.00', purchases: '0.00', teamSize: 0 },
  benefits: { extraDraws: 0, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0' },
};

const line = (entryId: number, more: Partial<OutputOf<typeof adminApi.products.userLedger>['items'][number]>) => ({
  entryId,
  type: 'system_increase' as const,
  account: 'deposit',
  amount: '5.00',
  memo: '',
  memberId: null,
  adminName: null,
  adminEmail: null,
  levelName: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  ...more,
});

const LEDGER: OutputOf<typeof adminApi.products.userLedger> = {
  items: [
    line(2, { type: 'vip_activation', amount: '-800.00', levelName: 'SVIP 2' }),
    line(1, { memo: 'goodwill', adminName: 'Ada Obi', adminEmail: 'ada.obi@staff.example.com' }),
  ],
  nextCursor: null,
  balances: { deposit: '5.00', income: '0.00', uncollected: '0.00', withdraw_hold: '0.00', points: '0' },
};

beforeEach(() => {
  setPlatformFormat(platformFormatOf({ ...configDefaults, timezone: 'Africa/Lagos' }, 'en-US'));
  mockedCall.mockImplementation(
    answering(
      [adminApi.admin.user, () => USER],
      [adminApi.vip.userLevel, () => LEVEL],
      [adminApi.products.userLedger, () => LEDGER],
      [adminApi.admin.getConfig, () => configDefaults],
    ) as typeof call,
  );
});
afterEach(() => {
  cleanupScreen();
  mockedCall.mockReset();
});

describe('the user page', () => {
  it('is titled with the user’s account, in the page and the browser’s tab', async () => {
    renderScreen(<UserDetailPage />, { path: '/users/12', route: '/users/:id' });
    expect(await screen.findByText('ada@example.com', { selector: 'h1' })).toBeTruthy();
    expect(document.title).toBe('ada@example.com · Back office');
    expect(screen.queryByText('User #12')).toBeNull();
  });

  it('names the SVIP level bought and when, on the level card and in the ledger', async () => {
    renderScreen(<UserDetailPage />, { path: '/users/12', route: '/users/:id' });
    const card = await screen.findByTestId('user-level');
    expect(await within(card).findByText(/^SVIP 2 bought on 2026-11-27 10:00\sAM$/)).toBeTruthy();
    expect(await screen.findByText('SVIP 2 bought')).toBeTruthy();
  });

  it('names who made a wallet adjustment in the ledger', async () => {
    renderScreen(<UserDetailPage />, { path: '/users/12', route: '/users/:id' });
    expect(await screen.findByText('goodwill · by Ada Obi')).toBeTruthy();
  });
});
