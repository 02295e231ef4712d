// @vitest-environment jsdom
import { type AppConfig, type Bill, configDefaults, type StatementLine } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { api } from '../../api/routes';
import { i18nReady } from '../../i18n';
import { renderAntdWithCreateRoot } from '../../lib/antdRender';
import { sessionStore } from '../../store/session';
import { answering, cleanupPage, renderPage } from '../../test/renderPage';

await i18nReady;

const callMock = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  call: (...args: unknown[]) => callMock(...args),
}));
const downloadMock = vi.fn();
vi.mock('../../lib/download', () => ({ downloadText: (...args: unknown[]) => downloadMock(...args) }));

const { default: StatementPage } = await import('./StatementPage');

const config = {
  ...configDefaults,
  app_currency: '$',
  timezone: 'Africa/Lagos',
  date_format: 'yyyy-mm-dd',
} as unknown as AppConfig;
const bill = { rechargeBalance: '320.00', incomeBalance: '45.50', points: '1200' } as Bill;

const line = (changes: Partial<StatementLine>): StatementLine => ({
  id: 1,
  at: '2026-11-21T13:05:00.000Z',
  kind: 'deposit',
  source: 'Top-up T123',
  amount: '500.00',
  balanceAfter: '500.00',
  ...changes,
});

const PURCHASE = line({
  id: 2,
  at: '2026-11-22T08:00:00.000Z',
  kind: 'purchase',
  source: 'Miner X, order 42',
  amount: '-180.00',
  balanceAfter: '320.00',
});
const ADJUSTED = line({ id: 1, kind: 'system_increase', source: '', amount: '500.00', balanceAfter: '500.00' });

type Input = { wallet: string; kind?: string; cursor?: string; from?: string; to?: string; limit?: number };
const statementCalls = () =>
  callMock.mock.calls.filter(([endpoint]) => endpoint === api.wallet.statement).map(([, input]) => input as Input);

function showStatement(path: string, statement: (input: Input) => Promise<unknown>) {
  sessionStore.set({ token: 'tok', language: 'en', config });
  callMock.mockImplementation((endpoint: unknown, input: Input) =>
    endpoint === api.wallet.statement
      ? statement(input)
      : answering(
          [api.system.appConfig, () => Promise.resolve(config)],
          [api.wallet.bill, () => Promise.resolve(bill)],
        )(endpoint),
  );
  renderPage(<StatementPage />, { path });
}

beforeAll(() => renderAntdWithCreateRoot());

afterEach(() => {
  cleanupPage(callMock, downloadMock);
  vi.useRealTimers();
  sessionStore.set({ config: null });
});

describe('the statement of a wallet', () => {
  it('shows each movement’s source, signed amount, balance after and time, newest first', async () => {
    showStatement('/wallet/statement?wallet=deposit', () =>
      Promise.resolve({ items: [PURCHASE, line({})], nextCursor: null }),
    );
    const rows = await screen.findAllByTestId('statement-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByTestId('statement-source').textContent).toBe('Miner X, order 42');
    expect(first.getByTestId('statement-kind').textContent).toBe('Product purchase');
    expect(first.getByTestId('statement-amount').textContent).toBe('-$180.00');
    expect(first.getByTestId('statement-balance').textContent).toBe('Balance $320.00');
    // 08:00 UTC is 09:00 in Lagos, the platform's zone, in its date format.
    expect(rows[0]?.textContent).toContain('2026-11-22 9:00');
    expect(within(rows[1] as HTMLElement).getByTestId('statement-amount').textContent).toBe('+$500.00');
    await waitFor(() => expect(screen.getByTestId('statement-balance-now').textContent).toBe('$320.00'));
    expect(statementCalls()[0]).toMatchObject({ wallet: 'deposit', limit: 20 });
    expect(statementCalls()[0]).not.toHaveProperty('kind');
  });

  it('names a movement by its kind when the server has nothing more to say', async () => {
    showStatement('/wallet/statement?wallet=deposit', () => Promise.resolve({ items: [ADJUSTED], nextCursor: null }));
    const row = await screen.findByTestId('statement-row');
    expect(within(row).getByTestId('statement-source').textContent).toBe('System increase');
    expect(within(row).queryByTestId('statement-kind')).toBeNull();
  });

  it('shows points as points, without the currency', async () => {
    showStatement('/wallet/statement?wallet=points', () =>
      Promise.resolve({
        items: [
          line({ kind: 'points_earned', source: 'Points for Miner X, order 42', amount: '25', balanceAfter: '1200' }),
        ],
        nextCursor: null,
      }),
    );
    const row = await screen.findByTestId('statement-row');
    expect(within(row).getByTestId('statement-amount').textContent).toBe('+25');
    expect(within(row).getByTestId('statement-balance').textContent).toBe('Balance 1,200');
    expect(statementCalls()[0]).toMatchObject({ wallet: 'points' });
  });

  it('filters by kind: the sheet offers the wallet’s kinds and the list asks the server for that kind', async () => {
    showStatement('/wallet/statement?wallet=income', (input) =>
      Promise.resolve({
        items:
          input.kind === 'withdrawal'
            ? [line({ id: 9, kind: 'withdrawal', amount: '-100.00', source: 'Withdrawal W1' })]
            : [],
        nextCursor: null,
      }),
    );
    await screen.findByTestId('list-empty');
    fireEvent.click(screen.getByTestId('statement-kind-open'));
    const kinds = await screen.findByTestId('statement-kinds');
    expect(within(kinds).queryByTestId('statement-kind-deposit')).toBeNull();
    fireEvent.click(within(kinds).getByTestId('statement-kind-withdrawal'));
    await screen.findByText('Withdrawal W1');
    expect(statementCalls().at(-1)).toMatchObject({ wallet: 'income', kind: 'withdrawal' });
    expect(screen.getByTestId('statement-kind-open').textContent).toBe('Withdrawal');
  });

  it('says a filtered wallet has nothing of that kind, and how to see everything', async () => {
    showStatement('/wallet/statement?wallet=income&kind=team_rank_prize', () =>
      Promise.resolve({ items: [], nextCursor: null }),
    );
    const empty = await screen.findByTestId('list-empty');
    expect(empty.textContent).toContain('No “Team rank prize” in this wallet yet');
    expect(empty.textContent).toContain('Choose “All kinds” to see every movement.');
  });

  it('switches wallet with its tabs', async () => {
    showStatement('/wallet/statement', () => Promise.resolve({ items: [], nextCursor: null }));
    await screen.findByTestId('list-empty');
    expect(statementCalls()[0]).toMatchObject({ wallet: 'deposit' });
    fireEvent.click(screen.getByTestId('statement-tab-income'));
    await waitFor(() => expect(statementCalls().at(-1)).toMatchObject({ wallet: 'income' }));
    await waitFor(() => expect(screen.getByTestId('statement-balance-now').textContent).toBe('$45.50'));
  });

  it('says what to do when the list cannot load', async () => {
    showStatement('/wallet/statement?wallet=deposit', () =>
      Promise.reject(new ApiError(-1, 'Network Error', 'network')),
    );
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Try again');
  });
});

describe('exporting a range as a CSV file', () => {
  /** 20 November 2026, 10:00 in Lagos: "this month" is 1 to 20 November. */
  const NOW = new Date('2026-11-20T09:00:00Z');

  it('reads every page of this month by default and downloads them as a CSV with the BOM and a translated header', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    showStatement('/wallet/statement?wallet=deposit', (input) => {
      if (input.limit === 20) return Promise.resolve({ items: [PURCHASE], nextCursor: null });
      return Promise.resolve(
        input.cursor === undefined ? { items: [PURCHASE], nextCursor: 'c2' } : { items: [line({})], nextCursor: null },
      );
    });
    await screen.findByTestId('statement-row');
    fireEvent.click(screen.getByTestId('statement-export-open'));
    const sheet = await screen.findByTestId('statement-export');
    expect(within(sheet).getByTestId('statement-export-from').getAttribute('data-day')).toBe('2026-11-01');
    expect(within(sheet).getByTestId('statement-export-to').getAttribute('data-day')).toBe('2026-11-20');
    fireEvent.click(within(sheet).getByTestId('statement-export-download'));

    await waitFor(() => expect(downloadMock).toHaveBeenCalledTimes(1));
    const exported = statementCalls().filter((input) => input.limit === 100);
    expect(exported).toEqual([
      { wallet: 'deposit', cursor: undefined, limit: 100, from: '2026-11-01', to: '2026-11-20' },
      { wallet: 'deposit', cursor: 'c2', limit: 100, from: '2026-11-01', to: '2026-11-20' },
    ]);
    const [file, csv] = downloadMock.mock.calls[0] as [string, string];
    expect(file).toBe('statement-deposit-2026-11-01-2026-11-20.csv');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Date (Africa/Lagos),Kind,Details,Amount ($),Balance after ($)',
      '2026-11-22 09:00:00,Product purchase,"Miner X, order 42",-180.00,320.00',
      '2026-11-21 14:05:00,Recharge,Top-up T123,500.00,500.00',
      '',
    ]);
  });

  it('exports only the kind the list is filtered by, and says so', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    showStatement('/wallet/statement?wallet=income&kind=withdrawal', () =>
      Promise.resolve({
        items: [line({ kind: 'withdrawal', amount: '-100.00', source: 'Withdrawal W1' })],
        nextCursor: null,
      }),
    );
    await screen.findByTestId('statement-row');
    fireEvent.click(screen.getByTestId('statement-export-open'));
    const sheet = await screen.findByTestId('statement-export');
    expect(within(sheet).getByTestId('statement-export-kind').textContent).toContain('Only “Withdrawal”');
    fireEvent.click(within(sheet).getByTestId('statement-export-download'));
    await waitFor(() => expect(downloadMock).toHaveBeenCalledTimes(1));
    expect(statementCalls().filter((input) => input.limit === 100)[0]).toMatchObject({
      wallet: 'income',
      kind: 'withdrawal',
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(downloadMock.mock.calls[0]?.[0]).toBe('statement-income-withdrawal-2026-11-01-2026-11-20.csv');
  });

  it('downloads nothing for a range without movements, and says so', async () => {
    showStatement('/wallet/statement?wallet=points', (input) =>
      Promise.resolve(
        input.limit === 20
          ? { items: [line({ kind: 'points_earned', amount: '5', balanceAfter: '5' })], nextCursor: null }
          : { items: [], nextCursor: null },
      ),
    );
    await screen.findByTestId('statement-row');
    fireEvent.click(screen.getByTestId('statement-export-open'));
    fireEvent.click(within(await screen.findByTestId('statement-export')).getByTestId('statement-export-download'));
    await screen.findByTestId('statement-export-nothing');
    expect(downloadMock).not.toHaveBeenCalled();
  });

  it('says why the file could not be prepared and what to do', async () => {
    showStatement('/wallet/statement?wallet=deposit', (input) =>
      input.limit === 20
        ? Promise.resolve({ items: [PURCHASE], nextCursor: null })
        : Promise.reject(new ApiError(-1, 'Request Timeout', 'timeout')),
    );
    await screen.findByTestId('statement-row');
    fireEvent.click(screen.getByTestId('statement-export-open'));
    fireEvent.click(within(await screen.findByTestId('statement-export')).getByTestId('statement-export-download'));
    const error = await screen.findByTestId('statement-export-error');
    expect(error.textContent).toContain('The file could not be prepared: Request Timeout');
    expect(error.textContent).toContain('Check your connection and tap “Download CSV” again.');
    expect(downloadMock).not.toHaveBeenCalled();
  });
});
