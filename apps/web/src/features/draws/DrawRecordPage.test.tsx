// @vitest-environment jsdom

import type { DrawRecord } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

const { default: DrawRecordPage } = await import('./DrawRecordPage');

function drawRecord(changes: Partial<DrawRecord>): DrawRecord {
  return {
    id: 1,
    campaignId: 1,
    campaignName: 'Lucky turntable',
    prizeName: 'Thanks for playing',
    prizeKind: 'nothing',
    amount: '0',
    pointsSpent: 10,
    status: 'completed',
    address: null,
    shipping: null,
    createdAt: '2026-11-28T10:00:00Z',
    ...changes,
  } as DrawRecord;
}

describe('draw records', () => {
  beforeAll(() => sessionStore.set({ token: 't', user: null, language: 'en' }));
  afterEach(() => cleanupPage(callMock));

  it('a draw that won nothing is not shown as received; a cash prize is', async () => {
    callMock.mockImplementation(
      answering([
        api.draws.records,
        () =>
          Promise.resolve({
            items: [drawRecord({ id: 2 }), drawRecord({ id: 1, prizeKind: 'cash', amount: '5.00', prizeName: 'Cash' })],
            nextCursor: null,
          }),
      ]),
    );
    renderPage(<DrawRecordPage />, { path: '/pagesB/mine/drawRecord' });
    const [nothing, cash] = await screen.findAllByTestId('draw-record-row');
    expect(within(nothing as HTMLElement).queryByText('Received')).toBeNull();
    expect(within(nothing as HTMLElement).getByText('No prize')).toBeTruthy();
    expect(within(cash as HTMLElement).getByText('Received')).toBeTruthy();
  });
});
