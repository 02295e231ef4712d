// @vitest-environment jsdom
import { type AppConfig, type Bill, configDefaults, ERRORS, type WithdrawRules } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { api } from '../../api/routes';
import i18n, { i18nReady } from '../../i18n';
import { sessionStore } from '../../store/session';
import { buildUser } from '../../test/factories';
import { answering, cleanupPage, renderPage } from '../../test/renderPage';

await i18nReady;

/** A page's first render loads antd and the language: slow on a busy machine. */
const FIRST_RENDER = { timeout: 5000 };

const callMock = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  call: (...args: unknown[]) => callMock(...args),
}));

const { default: WithdrawPage, QUOTE_DEBOUNCE_MS } = await import('./WithdrawPage');

const config = { ...configDefaults, languages: ['en'], account_kinds: ['email'] } as unknown as AppConfig;
const bill = (incomeBalance: string) => ({ incomeBalance, rechargeBalance: '0.00' }) as Bill;
const account = {
  id: 7,
  type: 'bank',
  holderName: 'Ada Obi',
  accountNumber: '0123456789',
  bankName: 'GTBank',
  operator: null,
  status: 'approved',
};

/** Tuesday's rules in Lagos: Monday to Friday, 09:00–17:00, two a day, 5 % fee. */
const OPEN: WithdrawRules = {
  days: [1, 2, 3, 4, 5],
  from: '09:00',
  to: '17:00',
  timezone: 'Africa/Lagos',
  openNow: true,
  perDay: 2,
  leftToday: 2,
  step: '100.00',
  min: '100.00',
  max: '50000.00',
  feeRate: '0.05',
  feeDiscount: '0',
  blocked: null,
};

type Answer = [endpoint: unknown, answer: () => Promise<unknown>];

function showWithdraw(rules: WithdrawRules, income = '1000.00', ...more: Answer[]) {
  sessionStore.set({ token: 'tok', config });
  callMock.mockImplementation(
    answering(
      ...more,
      [api.system.appConfig, () => Promise.resolve(config)],
      [api.wallet.bill, () => Promise.resolve(bill(income))],
      [api.user.info, () => Promise.resolve(buildUser({ hasPayPassword: true }))],
      [api.cash.payoutAccounts, () => Promise.resolve([account])],
      [api.cash.withdrawRules, () => Promise.resolve(rules)],
    ),
  );
  renderPage(<WithdrawPage />, { path: '/wallet/withdraw' });
}

/** Nothing to type into, no fee, no button to the payment password. */
function expectNoWithdrawalOffered() {
  expect(screen.queryByTestId('withdraw-amount')).toBeNull();
  expect(screen.queryByTestId('withdraw-fee')).toBeNull();
  expect(screen.queryByTestId('withdraw-submit')).toBeNull();
  expect(callMock.mock.calls.some(([endpoint]) => endpoint === api.cash.withdrawQuote)).toBe(false);
}

afterEach(async () => {
  cleanupPage(callMock);
  // The session is kept in localStorage, which the next test file of this worker reads.
  sessionStore.set({ language: 'en', config: null, user: null, bill: null });
  await i18n.changeLanguage('en');
});

describe('the withdraw page when no withdrawal can be made (docs/product.md#withdrawals)', () => {
  it('with no withdrawal left today: says so and when withdrawals open again, with no amount, fee or password', async () => {
    showWithdraw({
      ...OPEN,
      leftToday: 0,
      blocked: {
        code: ERRORS.WITHDRAW_DAILY_COUNT.code,
        msg: 'You can withdraw 2 times a day. Please try again tomorrow.',
        opensAt: '2026-12-02T08:00:00.000Z',
      },
    });
    const blocked = await screen.findByTestId('withdraw-blocked', {}, FIRST_RENDER);
    expect(screen.getByTestId('withdraw-blocked-reason').textContent).toBe(
      'You can withdraw 2 times a day. Please try again tomorrow.',
    );
    expect(screen.getByTestId('withdraw-blocked-next').textContent).toBe(
      'Withdrawals open again on 2026-12-02 9:00 AM (Africa/Lagos time).',
    );
    expect(blocked.getAttribute('role')).toBe('status');
    expectNoWithdrawalOffered();
  });

  it('outside the hours: the hours, and when they open', async () => {
    showWithdraw({
      ...OPEN,
      openNow: false,
      blocked: {
        code: ERRORS.WITHDRAW_CLOSED_HOURS.code,
        msg: 'Withdrawals are open from 09:00 to 17:00.',
        opensAt: '2026-12-02T08:00:00.000Z',
      },
    });
    await screen.findByTestId('withdraw-blocked', {}, FIRST_RENDER);
    expect(screen.getByTestId('withdraw-blocked-reason').textContent).toBe('Withdrawals are open from 09:00 to 17:00.');
    expect(screen.getByTestId('withdraw-blocked-next').textContent).toContain('2026-12-02');
    expectNoWithdrawalOffered();
  });

  it('with an income balance below the minimum: the minimum, the balance and how it grows, nothing to wait for', async () => {
    showWithdraw(
      {
        ...OPEN,
        blocked: { code: ERRORS.WITHDRAW_BELOW_MIN.code, msg: 'The minimum withdrawal is $100.00.', opensAt: null },
      },
      '40.00',
    );
    await screen.findByTestId('withdraw-blocked', {}, FIRST_RENDER);
    expect(screen.getByTestId('withdraw-blocked-reason').textContent).toBe('The minimum withdrawal is $100.00.');
    expect(screen.getByTestId('withdraw-blocked-next').textContent).toBe(
      'Your income balance is $40.00. Income from your machines and your team adds to it: you can withdraw once it reaches $100.00.',
    );
    expect(screen.getByTestId('withdraw-blocked-link').getAttribute('href')).toBe('/product/myProduct');
    expectNoWithdrawalOffered();
  });

  it('a quote refused because withdrawals closed meanwhile asks for the rules again and shows why', async () => {
    let closed = false;
    const rules = () =>
      Promise.resolve(
        closed
          ? {
              ...OPEN,
              blocked: {
                code: ERRORS.WITHDRAW_CLOSED_HOURS.code,
                msg: 'Withdrawals are open from 09:00 to 17:00.',
                opensAt: '2026-12-02T08:00:00.000Z',
              },
            }
          : OPEN,
      );
    showWithdraw(
      OPEN,
      '1000.00',
      [api.cash.withdrawRules, rules],
      [
        api.cash.withdrawQuote,
        () => {
          closed = true;
          return Promise.reject(
            new ApiError(ERRORS.WITHDRAW_CLOSED_HOURS.code, 'Withdrawals are open from 09:00 to 17:00.', 'business'),
          );
        },
      ],
    );
    fireEvent.change(await screen.findByTestId('withdraw-amount', {}, FIRST_RENDER), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('withdraw-blocked')).toBeTruthy(), {
      timeout: QUOTE_DEBOUNCE_MS + 2000,
    });
    expect(screen.queryByTestId('withdraw-amount')).toBeNull();
  });
});

describe('the withdraw page when a withdrawal can be made', () => {
  it('offers the amount, and writes the fee rate as a percentage in the user’s language', async () => {
    sessionStore.set({ language: 'fr' });
    await i18n.changeLanguage('fr');
    showWithdraw(OPEN);
    expect(await screen.findByTestId('withdraw-amount', {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.queryByTestId('withdraw-blocked')).toBeNull();
    expect(screen.getByTestId('withdraw-rules-fee').textContent).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'percent' }).format(0.05),
    );
  });
});
