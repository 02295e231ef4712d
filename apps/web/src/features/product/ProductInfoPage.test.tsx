// @vitest-environment jsdom
import type { Product } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/routes';
import i18n, { i18nReady } from '../../i18n';
import { renderAntdWithCreateRoot } from '../../lib/antdRender';
import { sessionStore } from '../../store/session';
import { answering, cleanupPage, renderPage } from '../../test/renderPage';

await i18nReady;

/** A page's first render loads antd and the language: slow on a busy machine. */
const FIRST_RENDER = { timeout: 5000 };

const callMock = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  call: (...args: unknown[]) => callMock(...args),
}));

const { default: ProductInfoPage } = await import('./ProductInfoPage');

const product: Product = {
  id: 5,
  name: 'Miner S1',
  description: '',
  image: '',
  price: '100.00',
  cycle: 'day',
  incomePerCycle: '5.00',
  cycles: 30,
  totalIncome: '150.00',
  totalReturnRate: '150.00',
  points: 10,
  purchaseLimit: 0,
  purchased: 0,
  sold: 3,
  stock: null,
  limitedTime: false,
  saleStartsAt: null,
  saleEndsAt: null,
  principalReturned: false,
};

/** The product page, and sign-in as a screen of its own, so a test sees where the page went. */
function showProduct(token: string) {
  sessionStore.set({ token, user: null });
  callMock.mockImplementation(answering([api.products.get, () => Promise.resolve(product)]));
  renderPage(
    <Routes>
      <Route path="/product/info" element={<ProductInfoPage />} />
      <Route path="/account/signIn" element={<div data-testid="sign-in-screen" />} />
    </Routes>,
    { path: '/product/info?id=5' },
  );
}

beforeAll(() => renderAntdWithCreateRoot());
afterEach(async () => {
  cleanupPage(callMock);
  document.body.innerHTML = '';
  sessionStore.set({ language: 'en' });
  await i18n.changeLanguage('en');
});

describe('product details for a visitor who is not signed in (docs/product.md#roles)', () => {
  it('“Buy now” tells them they are not logged in yet, and stays on the product', async () => {
    showProduct('');
    const buy = await screen.findByTestId('product-buy', {}, FIRST_RENDER);
    expect(buy.textContent).toBe('Buy now');
    fireEvent.click(buy);
    expect(await screen.findByText('You are not logged in yet. Please sign in.')).toBeTruthy();
    expect(screen.queryByTestId('sign-in-screen')).toBeNull();
    expect(screen.getByTestId('product-info-page')).toBeTruthy();
  });

  it('from the notice, “Sign in” goes to sign-in', async () => {
    showProduct('');
    fireEvent.click(await screen.findByTestId('product-buy', {}, FIRST_RENDER));
    await screen.findByText('You are not logged in yet. Please sign in.');
    fireEvent.click(screen.getByText('Sign in'));
    await waitFor(() => expect(screen.getByTestId('sign-in-screen')).toBeTruthy());
  });
});

describe('product details', () => {
  it('the total return is a percentage written the language’s way', async () => {
    sessionStore.set({ language: 'fr' });
    await i18n.changeLanguage('fr');
    showProduct('tok');
    await screen.findByTestId('product-name', {}, FIRST_RENDER);
    const percent = new Intl.NumberFormat('fr-FR', { style: 'percent' }).format(1.5);
    expect(screen.getByTestId('product-info-page').textContent).toContain(percent);
  });
});
