// @vitest-environment jsdom
import type { AppConfig, OutputOf } from '@app/contracts';
import { configDefaults } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/routes';
import { i18nReady } from '../../i18n';
import { sessionStore } from '../../store/session';
import { answering, cleanupPage, renderPage } from '../../test/renderPage';

await i18nReady;

const callMock = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  call: (...args: unknown[]) => callMock(...args),
}));

const { ProfitRecordPage, PointsRecordPage } = await import('./RecordsPage');
const { DepositRecordPage, WithdrawRecordPage } = await import('../wallet/CashRecordsPage');

type LedgerRecord = OutputOf<typeof api.records.profit>['items'][number];
const config = { ...configDefaults, app_currency: '$', timezone: 'Africa/Lagos' } as unknown as AppConfig;

const record = (changes: Partial<LedgerRecord>): LedgerRecord => ({
  id: 1,
  type: 'other_profit',
  amount: '10.00',
  balanceKind: 'income',
  memo: '',
  source: '',
  member: null,
  createdAt: '2026-11-21T13:05:00.000Z',
  ...changes,
});

function show(page: React.ReactNode, path: string, endpoint: unknown, items: LedgerRecord[]) {
  sessionStore.set({ token: 'tok', language: 'en', config, profitType: '' });
  callMock.mockImplementation(
    answering(
      [endpoint, () => Promise.resolve({ items, nextCursor: null })],
      [api.system.appConfig, () => Promise.resolve(config)],
    ),
  );
  renderPage(page, { path });
}

afterEach(() => {
  cleanupPage(callMock);
  sessionStore.set({ config: null });
});

describe('record lists name what moved the balance', () => {
  it('income records show the server’s source, with the type beside the time, never a bare “Other profit”', async () => {
    show(<ProfitRecordPage />, '/wallet/profitRecord', api.records.profit, [
      record({ id: 3, type: 'other_profit', source: 'Redeem code …JKMN' }),
      record({
        id: 2,
        type: 'distribution_profit',
        source: 'Commission on a purchase by ab***@mail.com',
        member: 'ab***@mail.com',
      }),
      record({ id: 1, type: 'other_profit', source: '' }),
    ]);
    const rows = await screen.findAllByTestId('record-row');
    const sources = rows.map((row) => within(row).getByTestId('record-source').textContent);
    expect(sources).toEqual(['Redeem code …JKMN', 'Commission on a purchase by ab***@mail.com', 'Other profit']);
    expect(within(rows[0] as HTMLElement).getByTestId('record-type').textContent).toBe('Other profit');
    // The source names the member already: no second line saying it again.
    expect(within(rows[1] as HTMLElement).queryByTestId('record-member')).toBeNull();
    // Without a source the type is the title, not repeated beside the time.
    expect(within(rows[2] as HTMLElement).queryByTestId('record-type')).toBeNull();
  });

  it('points records show the source, not a bare “Points earned”', async () => {
    show(<PointsRecordPage />, '/wallet/pointsRecord', api.records.points, [
      record({ type: 'points_earned', amount: '25', balanceKind: 'points', source: 'Points for Miner X, order 42' }),
    ]);
    const row = await screen.findByTestId('record-row');
    expect(within(row).getByTestId('record-source').textContent).toBe('Points for Miner X, order 42');
    expect(within(row).getByTestId('record-type').textContent).toBe('Points earned');
  });

  it('keeps the member and the reason lines of a record the server names no source for', async () => {
    show(<ProfitRecordPage />, '/wallet/profitRecord', api.records.profit, [
      record({ type: 'system_increase', memo: 'Compensation', source: '' }),
    ]);
    const row = await screen.findByTestId('record-row');
    expect(within(row).getByTestId('record-source').textContent).toBe('System increase');
    expect(within(row).getByTestId('record-memo').textContent).toContain('Compensation');
  });

  it('the ledger tab of the recharge records shows sources too', async () => {
    show(<DepositRecordPage />, '/wallet/depositRecord', api.records.deposit, [
      record({ type: 'deposit', amount: '500.00', balanceKind: 'deposit', source: 'Top-up T123' }),
    ]);
    fireEvent.click(screen.getByTestId('record-tab-entries'));
    const row = await screen.findByTestId('record-row');
    expect(within(row).getByTestId('record-source').textContent).toBe('Top-up T123');
  });
});

describe('each record list leads to the statement of its wallet', () => {
  const link = () => screen.getByTestId('records-statement').getAttribute('href');

  it('income and withdrawal records: the income wallet; recharge records: the recharge wallet; points: points', async () => {
    show(<ProfitRecordPage />, '/wallet/profitRecord', api.records.profit, []);
    expect(link()).toBe('/wallet/statement?wallet=income');
    cleanupPage(callMock);
    show(<WithdrawRecordPage />, '/wallet/withdrawRecord', api.cash.withdrawals, []);
    expect(link()).toBe('/wallet/statement?wallet=income');
    cleanupPage(callMock);
    show(<DepositRecordPage />, '/wallet/depositRecord', api.cash.deposits, []);
    expect(link()).toBe('/wallet/statement?wallet=deposit');
    cleanupPage(callMock);
    show(<PointsRecordPage />, '/wallet/pointsRecord', api.records.points, []);
    expect(link()).toBe('/wallet/statement?wallet=points');
    expect(screen.getByTestId('records-statement').textContent).toBe('Statement');
  });
});
