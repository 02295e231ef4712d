// @vitest-environment jsdom

import { fireEvent, screen } from '@testing-library/react';
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

  it('an account nobody registered is shown under the account field', async () => {
    const message = await resetRefused(refusal('ACCOUNT_NOT_FOUND'));
    expect(message.textContent).toBe('No account is registered with this email or phone.');
    expectUnder(screen.getByTestId('forgot-account'), message);
  });

  it('a refusal about no field is the form’s alert', async () => {
    const message = await resetRefused(refusal('RATE_LIMITED', 'Too many attempts. Please try again in 60 seconds.'));
    expect(message.textContent).toBe('Too many attempts. Please try again in 60 seconds.');
    expectFormAlert(message);
  });

  it('a code asked for an account nobody registered is refused under the account field, not in a toast', async () => {
    callMock.mockImplementation(answering([api.user.sendCode, () => Promise.reject(refusal('ACCOUNT_NOT_FOUND'))]));
    renderPage(<ForgotPasswordPage />, { path: '/account/forgot' });
    fillIn({ 'forgot-account': 'nobody@example.com' });
    fireEvent.click(screen.getByTestId('send-code'));
    const message = await screen.findByTestId('forgot-error');
    expect(message.textContent).toBe('No account is registered with this email or phone.');
    expectUnder(screen.getByTestId('forgot-account'), message);
    expect(callMock).toHaveBeenCalledWith(
      api.user.sendCode,
      { account: 'nobody@example.com', purpose: 'reset' },
      undefined,
      { quiet: true },
    );
  });
});
