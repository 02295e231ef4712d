// @vitest-environment jsdom

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

const { default: SignInPage } = await import('./SignInPage');

function renderSignIn(login: () => Promise<unknown>) {
  callMock.mockImplementation(answering([api.user.login, login]));
  renderPage(<SignInPage />, { path: '/account/signIn' });
}

const logins = () => callMock.mock.calls.filter(([endpoint]) => endpoint === api.user.login);

describe('sign-in errors', () => {
  beforeAll(() => sessionStore.set({ token: '', user: null, language: 'en' }));
  afterEach(() => cleanupPage(callMock));

  it('a sign-in with an empty account marks the account field invalid and describes it with the message', async () => {
    renderSignIn(() => Promise.resolve(null));
    fireEvent.click(screen.getByTestId('signin-submit'));
    const message = await screen.findByTestId('signin-error');
    expect(message.textContent).toBe('Please enter Email or phone.');
    expect(message.getAttribute('role')).toBe('alert');
    expectUnder(screen.getByTestId('signin-account'), message);
    expect(logins()).toHaveLength(0);
  });

  it('a refusal from the server about the whole form is announced as an alert, no field marked', async () => {
    renderSignIn(() => Promise.reject(refusal('LOGIN_FAILED')));
    fillIn({ 'signin-account': 'ada@example.com', 'signin-password': 'secret12' });
    fireEvent.click(screen.getByTestId('signin-submit'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Wrong account or password.');
    expect(alert.getAttribute('data-testid')).toBe('signin-error');
    expectFormAlert(alert);
  });
});
