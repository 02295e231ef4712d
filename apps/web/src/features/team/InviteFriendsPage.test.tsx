// @vitest-environment jsdom
import type { TeamSummary } from '@app/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

const downloadMock = vi.fn();
// jsdom draws no canvas: the poster is a blank image; saving it is what these tests decide.
vi.mock('./poster', () => ({
  drawPoster: () => document.createElement('canvas'),
  pngOf: () => Promise.resolve(new Blob(['png'], { type: 'image/png' })),
  canShareFiles: () => false,
  download: (...args: unknown[]) => downloadMock(...args),
}));

const { default: InviteFriendsPage } = await import('./InviteFriendsPage');

const team: TeamSummary = {
  teamSize: 0,
  levels: [
    { level: 1, count: 0, commission: '0.00', rate: '0.10' },
    { level: 2, count: 0, commission: '0.00', rate: '0.05' },
    { level: 3, count: 0, commission: '0.00', rate: '0.02' },
  ],
  todayCommission: '0.00',
  totalCommission: '0.00',
  inviteCode: 'ADA123',
  inviteUrl: 'https://example.com/account/signUp?code=ADA123',
  newInviteBonus: '5.00',
};

const { createObjectURL, revokeObjectURL } = URL;
const { getContext } = HTMLCanvasElement.prototype;
beforeAll(() => {
  renderAntdWithCreateRoot();
  URL.createObjectURL = () => 'blob:poster';
  URL.revokeObjectURL = () => undefined;
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
});
afterAll(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  HTMLCanvasElement.prototype.getContext = getContext;
});
afterEach(async () => {
  cleanupPage(callMock, downloadMock);
  document.body.innerHTML = '';
  sessionStore.set({ language: 'en' });
  await i18n.changeLanguage('en');
});

function showInvite() {
  sessionStore.set({ token: 'tok' });
  callMock.mockImplementation(answering([api.team.summary, () => Promise.resolve(team)]));
  renderPage(<InviteFriendsPage />, { path: '/mine/inviteFriends' });
}

describe('invite friends', () => {
  it('a poster that cannot be saved says “Save failed”', async () => {
    downloadMock.mockImplementation(() => {
      throw new Error('downloads are blocked here');
    });
    showInvite();
    fireEvent.click(await screen.findByTestId('invite-poster', {}, FIRST_RENDER));
    fireEvent.click(await screen.findByTestId('poster-save'));
    expect(await screen.findByText('Save failed', {}, FIRST_RENDER)).toBeTruthy();
  });

  it('what each level earns is a percentage written the language’s way', async () => {
    sessionStore.set({ language: 'fr' });
    await i18n.changeLanguage('fr');
    showInvite();
    const rate = (share: number) => new Intl.NumberFormat('fr-FR', { style: 'percent' }).format(share);
    expect((await screen.findByTestId('invite-rate-1', {}, FIRST_RENDER)).textContent).toContain(rate(0.1));
    expect(screen.getByTestId('invite-rate-2').textContent).toContain(rate(0.05));
    expect(screen.getByTestId('invite-rate-3').textContent).toContain(rate(0.02));
  });
});
