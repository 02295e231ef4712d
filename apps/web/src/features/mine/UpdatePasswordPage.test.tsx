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

const { default: UpdatePasswordPage } = await import('./UpdatePasswordPage');

/** Sends a well-formed change to a server that refuses it; answers the message the page shows. */
function changeRefused(refused: ApiError) {
  callMock.mockImplementation(answering([api.user.changePassword, () => Promise.reject(refused)]));
  renderPage(<UpdatePasswordPage />, { path: '/mine/updatePassword' });
  fillIn({ 'old-password': 'secret12', 'new-password': 'secret34', 'new-password-repeat': 'secret34' });
  fireEvent.click(screen.getByTestId('update-password-submit'));
  return screen.findByTestId('update-password-error');
}

describe('changing the password: what the server refuses', () => {
  beforeAll(() => sessionStore.set({ token: 'tok', language: 'en' }));
  afterEach(() => cleanupPage(callMock));

  it('a wrong old password is shown under the old password field, marked invalid', async () => {
    const message = await changeRefused(refusal('OLD_PASSWORD_WRONG'));
    expect(message.textContent).toBe('The current password is wrong.');
    expectUnder(screen.getByTestId('old-password'), message);
  });

  it('a new password the same as the current one is shown under the new password field', async () => {
    const message = await changeRefused(refusal('SAME_PASSWORD'));
    expect(message.textContent).toBe('The new password must differ from the current one.');
    expectUnder(screen.getByTestId('new-password'), message);
  });

  it('a refusal about no field is the form’s alert', async () => {
    const message = await changeRefused(refusal('RATE_LIMITED', 'Too many attempts. Please try again in 60 seconds.'));
    expect(message.textContent).toBe('Too many attempts. Please try again in 60 seconds.');
    expectFormAlert(message);
  });
});
