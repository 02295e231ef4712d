// @vitest-environment jsdom

import { ERRORS } from '@app/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../api/client';
import { api } from '../../api/routes';
import { i18nReady } from '../../i18n';
import { sessionStore } from '../../store/session';
import { expectFormAlert, expectUnder, fillIn, refusal } from '../../test/formProblems';
import { answering, cleanupPage, renderPage } from '../../test/renderPage';

// The app renders once its language is loaded (main.tsx); so do these tests.
await i18nReady;

const callMock = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  call: (...args: unknown[]) => callMock(...args),
}));

const { default: ForgotPasswordPage } = await import('./ForgotPasswordPage');

/** Sends a well-formed reset to a server that refuses it; answers the message the page shows. */
function resetRefused(refused: ApiError) {
  callMock.mockImplementation(answering([api.user.resetPassword, () => Promise.reject(refused)]));
  renderPage(<ForgotPasswordPage />, { path: '/account/forgot' });
  fillIn({
    'forgot-account': 'ada@example.com',
    'forgot-code': '123456',
    'forgot-password': 'secret34',
    'forgot-repeat-password': 'secret34',
  });
  fireEvent.click(screen.getByTestId('forgot-submit'));
  return screen.findByTestId('forgot-error');
}

describe('resetting a forgotten password: what the server refuses', () => {
  beforeAll(() => sessionStore.set({ token: '', user: null, language: 'en' }));
  afterEach(() => cleanupPage(callMock));

  it('an expired code is shown under the code field', async () => {
    const message = await resetRefused(refusal('CODE_EXPIRED'));
    expect(message.textContent).toBe(
      'The verification code has expired or was already used. Please request a new one.',
    );
    expectUnder(screen.getByTestId('forgot-code'), message);
  });

  it('a wrong code, as the server answers for an account nobody registered too, is shown under the code field', async () => {
    const message = await resetRefused(refusal('CODE_INVALID'));
    expect(message.textContent).toBe(ERRORS.CODE_INVALID.msg.en);
    expectUnder(screen.getByTestId('forgot-code'), message);
  });

  it('a refusal about no field is the form’s alert', async () => {
    const message = await resetRefused(refusal('RATE_LIMITED', 'Too many attempts. Please try again in 60 seconds.'));
    expect(message.textContent).toBe('Too many attempts. Please try again in 60 seconds.');
    expectFormAlert(message);
  });

  it('a code asked for is confirmed without saying whether the account is registered', async () => {
    callMock.mockImplementation(answering([api.user.sendCode, () => Promise.resolve({ cooldownSeconds: 60 })]));
    renderPage(<ForgotPasswordPage />, { path: '/account/forgot' });
    fillIn({ 'forgot-account': 'nobody@example.com' });
    // antd-mobile's toast does not render under React 19 in jsdom: what it is asked to show is the test.
    const toast = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    fireEvent.click(screen.getByTestId('send-code'));
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        content: 'If an account uses this email or phone, a code is on its way. Check your email or messages.',
      }),
    );
    toast.mockRestore();
    expect(screen.queryByTestId('forgot-error')?.textContent ?? '').toBe('');
    expect(callMock).toHaveBeenCalledWith(
      api.user.sendCode,
      { account: 'nobody@example.com', purpose: 'reset' },
      undefined,
      { quiet: true },
    );
  });
});
