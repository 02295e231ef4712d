// @vitest-environment jsdom
import { type AppConfig, configDefaults, type Statistics } from '@app/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/routes';
import { i18nReady } from '../../i18n';
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

const { default: StatisticsPage } = await import('./StatisticsPage');

const stats: Statistics = {
  days: [
    { date: '2026-11-26', income: '0.00' },
    { date: '2026-11-27', income: '12.50' },
    { date: '2026-11-28', income: '4.00' },
  ],
  total: '16.50',
  byType: [{ type: 'product_profit', amount: '16.50' }],
};

function showStatistics(dateFormat: AppConfig['date_format']) {
  const config = { ...configDefaults, date_format: dateFormat, timezone: 'America/New_York' } as unknown as AppConfig;
  sessionStore.set({ token: 'tok', language: 'en', config });
  callMock.mockImplementation(
    answering(
      [api.statistics.get, () => Promise.resolve(stats)],
      [api.system.appConfig, () => Promise.resolve(config)],
    ),
  );
  renderPage(<StatisticsPage />, { path: '/pagesB/mine/statistics' });
}

afterEach(() => {
  cleanupPage(callMock);
  sessionStore.set({ config: null });
});

describe('statistics: the days are written in the app’s date format (not “Nov 28”)', () => {
  it('the spec’s yyyy-mm-dd by default, the same day whatever the time zone', async () => {
    showStatistics('yyyy-mm-dd');
    expect((await screen.findByTestId('statistics-day-2026-11-28', {}, FIRST_RENDER)).textContent).toContain(
      '2026-11-28',
    );
    const labels = [...screen.getByTestId('income-chart').querySelectorAll('figcaption span')].map(
      (s) => s.textContent,
    );
    expect(labels).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
  });

  it('the configured format otherwise', async () => {
    showStatistics('dd/mm/yyyy');
    expect((await screen.findByTestId('statistics-day-2026-11-27', {}, FIRST_RENDER)).textContent).toContain(
      '27/11/2026',
    );
  });
});
