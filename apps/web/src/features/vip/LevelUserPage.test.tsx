// @vitest-environment jsdom
import type { VipLevel } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/routes';
import i18n, { i18nReady } from '../../i18n';
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

const { default: LevelUserPage } = await import('./LevelUserPage');

const NONE = { extraDraws: 0, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0' };

function vip(level: number, current: string, holds: VipLevel['holds'], includedIn: VipLevel['includedIn'] = null) {
  return {
    level,
    name: `VIP ${level}`,
    kind: 'vip',
    requirement: { kind: 'recharge', amount: '500.00', current },
    price: null,
    benefits: NONE,
    reached: holds !== null,
    holds,
    includedIn,
  } satisfies VipLevel;
}

function svip(level: number, name: string, holds: VipLevel['holds'], benefits = NONE) {
  return {
    level,
    name,
    kind: 'svip',
    requirement: null,
    price: '1000.00',
    benefits,
    reached: holds !== null,
    holds,
    includedIn: null,
  } satisfies VipLevel;
}

async function showLevels(levels: VipLevel[], language: 'en' | 'fr' = 'en') {
  sessionStore.set({ token: 'tok', language });
  await i18n.changeLanguage(language);
  callMock.mockImplementation(answering([api.vip.levels, () => Promise.resolve(levels)]));
  renderPage(<LevelUserPage />, { path: '/mine/levelUser' });
  return screen.findByTestId('level-current', {}, FIRST_RENDER);
}

afterEach(() => cleanupPage(callMock));

describe('my level: how each level is held (docs/product.md#levels)', () => {
  it('a level included in the SVIP level bought says so, and never “Reached” beside a requirement not met', async () => {
    const svip2 = { level: 3, name: 'SVIP 2' };
    await showLevels([
      vip(1, '200.00', 'included', svip2),
      vip(2, '200.00', 'included', svip2),
      svip(3, 'SVIP 2', 'bought'),
    ]);
    const first = screen.getByTestId('level-1');
    expect(within(first).getByTestId('level-1-state').textContent).toBe('Included in SVIP 2');
    expect(first.textContent).not.toContain('Reached');
    expect(screen.getByTestId('level-2-state').textContent).toBe('Included in SVIP 2');
    expect(screen.getByTestId('level-3-state').textContent).toBe('Current');
  });

  it('a level whose requirement is met says “Reached”; one not held says nothing', async () => {
    await showLevels([vip(1, '600.00', 'met'), vip(2, '600.00', 'kept'), vip(3, '600.00', null)]);
    expect(screen.getByTestId('level-1-state').textContent).toBe('Reached');
    expect(screen.getByTestId('level-2-state').textContent).toBe('Current');
    expect(screen.queryByTestId('level-3-state')).toBeNull();
  });

  it('a level below the one held that was bought says it was activated', async () => {
    await showLevels([svip(1, 'SVIP 1', 'bought'), vip(2, '600.00', 'met')]);
    expect(screen.getByTestId('level-1-state').textContent).toBe('Activated');
  });

  it('shares and progress are percentages written the language’s way', async () => {
    const benefits = { ...NONE, withdrawFeeDiscount: '0.5', incomeBonusRate: '0.02' };
    const percent = (share: number) => new Intl.NumberFormat('fr-FR', { style: 'percent' }).format(share);
    await showLevels([svip(1, 'SVIP 1', 'bought', benefits), vip(2, '250.00', null)], 'fr');
    expect(screen.getByTestId('my-benefits-withdrawFeeDiscount').textContent).toBe(percent(0.5));
    expect(screen.getByTestId('my-benefits-incomeBonusRate').textContent).toBe(percent(0.02));
    expect(screen.getByTestId('level-progress').textContent).toContain(percent(0.5));
    await i18n.changeLanguage('en');
  });
});
