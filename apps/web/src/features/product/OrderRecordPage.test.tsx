// @vitest-environment jsdom
import type { AppConfig, OutputOf } from '@app/contracts';
import { configDefaults } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

const { default: OrderRecordPage } = await import('./OrderRecordPage');

type Order = OutputOf<typeof api.products.orders>['items'][number];
const config = { ...configDefaults, app_currency: '$', timezone: 'Africa/Lagos' } as unknown as AppConfig;

const order = (changes: Partial<Order>): Order => ({
  id: 1,
  orderNo: 'O-0001',
  productId: 4,
  productName: 'Miner X',
  quantity: 1,
  amount: '200.00',
  discount: '0.00',
  paid: '200.00',
  wallet: 'deposit',
  createdAt: '2026-11-21T13:05:00.000Z',
  ...changes,
});

const WITH_COUPON = order({
  id: 2,
  orderNo: 'O-0002',
  amount: '200.00',
  discount: '20.00',
  paid: '180.00',
  quantity: 2,
});
const PLAIN = order({ id: 1 });

function showOrders(items: Order[]) {
  sessionStore.set({ token: 'tok', language: 'en', config });
  callMock.mockImplementation(
    answering(
      [api.products.orders, () => Promise.resolve({ items, nextCursor: null })],
      [api.system.appConfig, () => Promise.resolve(config)],
    ),
  );
  renderPage(<OrderRecordPage />, { path: '/product/orderRecord' });
}

beforeAll(() => renderAntdWithCreateRoot());
afterEach(() => {
  cleanupPage(callMock);
  sessionStore.set({ config: null });
});

describe('order records: price, coupon discount and amount paid', () => {
  it('an order bought with a coupon shows what was paid, the list price and what the coupon took off', async () => {
    showOrders([WITH_COUPON, PLAIN]);
    const row = await screen.findByTestId('order-2');
    expect(within(row).getByTestId('order-paid').textContent).toBe('$180.00');
    const discount = within(row).getByTestId('order-discount');
    expect(discount.textContent).toContain('$200.00');
    expect(discount.textContent).toContain('$20.00 off with a coupon');
    expect(row.textContent).toContain('×2');
  });

  it('an order without a coupon shows the amount paid alone', async () => {
    showOrders([PLAIN]);
    const row = await screen.findByTestId('order-1');
    expect(within(row).getByTestId('order-paid').textContent).toBe('$200.00');
    expect(within(row).queryByTestId('order-discount')).toBeNull();
  });

  it('the order’s details show all three, and lead to its purchase in the statement of the wallet that paid', async () => {
    showOrders([WITH_COUPON]);
    fireEvent.click(await screen.findByTestId('order-2'));
    const sheet = await screen.findByTestId('order-sheet');
    expect(within(sheet).getByTestId('order-sheet-no').textContent).toBe('O-0002');
    expect(within(sheet).getByTestId('order-sheet-amount').textContent).toBe('$200.00');
    expect(within(sheet).getByTestId('order-sheet-discount').textContent).toBe('-$20.00');
    expect(within(sheet).getByTestId('order-sheet-paid').textContent).toBe('$180.00');
    expect(within(sheet).getByTestId('order-sheet-statement').getAttribute('href')).toBe(
      '/wallet/statement?wallet=deposit&kind=purchase',
    );
  });

  it('without a coupon the details show a discount of none plainly', async () => {
    showOrders([order({ wallet: 'income' })]);
    fireEvent.click(await screen.findByTestId('order-1'));
    const sheet = await screen.findByTestId('order-sheet');
    expect(within(sheet).getByTestId('order-sheet-discount').textContent).toBe('$0.00');
    expect(within(sheet).getByTestId('order-sheet-paid').textContent).toBe('$200.00');
    expect(within(sheet).getByTestId('order-sheet-statement').getAttribute('href')).toBe(
      '/wallet/statement?wallet=income&kind=purchase',
    );
  });
});
