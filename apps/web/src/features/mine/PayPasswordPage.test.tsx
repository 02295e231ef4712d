// @vitest-environment jsdom
import { api, ERRORS, type UserInfo } from '@app/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { i18nReady } from '../../i18n';
import { sessionStore } from '../../store/session';
import { cleanupPage, renderPage } from '../../test/renderPage';

// The app renders once its language is loaded (main.tsx); so do these tests.
await i18nReady;

const callMock = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  call: (...args: unknown[]) => callMock(...args),
}));

const { default: PayPasswordPage } = await import('./PayPasswordPage');

const user: UserInfo = {
  id: 3,
  nickname: 'Ada',
  avatar: '',
  account: 'ada@example.com',
  inviteCode: 'ADA123',
  level: 0,
  vip: 'normal',
  createdAt: '2026-11-01T10:00:00Z',
  hasPayPassword: true,
};

function renderChange(change: () => Promise<unknown>) {
  callMock.mockImplementation((endpoint: unknown) => {
    if (endpoint === api.user.info) return Promise.resolve(user);
    if (endpoint === api.cash.changePayPassword) return change();
    return new Promise(() => {});
  });
  renderPage(<PayPasswordPage />, { path: '/mine/payPassword' });
}

/** Types into a passcode box through the native input antd keeps inside it. */
async function type(testId: string, digits: string) {
  const box = await screen.findByTestId(testId);
  fireEvent.change(box.querySelector('input')!, { target: { value: digits } });
}

const invalidControls = () => document.querySelectorAll('[aria-invalid="true"]');

describe('changing the payment password: errors', () => {
  beforeAll(() => sessionStore.set({ token: 'tok', user, language: 'en' }));
  afterEach(() => {
    cleanupPage();
    callMock.mockReset();
  });

  it('a wrong current payment password marks the current password box, described by the message', async () => {
    renderChange(() =>
      Promise.reject(new ApiError(ERRORS.PAY_PASSWORD_WRONG.code, 'Wrong payment password. 4 tries left.', 'business')),
    );
    await type('pay-password-old', '111111');
    await type('pay-password-new', '222222');
    await type('pay-password-new-repeat', '222222');
    fireEvent.click(screen.getByTestId('pay-password-change'));
    const message = await screen.findByTestId('pay-password-change-error');
    expect(message.textContent).toBe('Wrong payment password. 4 tries left.');
    const old = screen.getByTestId('pay-password-old');
    expect(old.getAttribute('aria-invalid')).toBe('true');
    expect(old.getAttribute('aria-describedby')).toBe(message.id);
    expect(invalidControls()).toHaveLength(1);
  });

  it('repeats that do not match mark the repeat box, with no request', async () => {
    renderChange(() => Promise.resolve(null));
    await type('pay-password-old', '111111');
    await type('pay-password-new', '222222');
    await type('pay-password-new-repeat', '333333');
    fireEvent.click(screen.getByTestId('pay-password-change'));
    const message = await screen.findByTestId('pay-password-change-error');
    expect(screen.getByTestId('pay-password-new-repeat').getAttribute('aria-describedby')).toBe(message.id);
    expect(callMock.mock.calls.some(([endpoint]) => endpoint === api.cash.changePayPassword)).toBe(false);
  });

  it('a lost connection is the whole form’s alert, no box marked', async () => {
    renderChange(() => Promise.reject(new ApiError(-1, '', 'network')));
    await type('pay-password-old', '111111');
    await type('pay-password-new', '222222');
    await type('pay-password-new-repeat', '222222');
    fireEvent.click(screen.getByTestId('pay-password-change'));
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('pay-password-change-error');
    expect(invalidControls()).toHaveLength(0);
  });
});
