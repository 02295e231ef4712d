// @vitest-environment jsdom

import { fireEvent, screen, waitFor } from '@testing-library/react';
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

describe("a sign-in past the account's ceiling of failed attempts", () => {
  beforeAll(() => sessionStore.set({ token: '', user: null, language: 'en' }));
  afterEach(() => cleanupPage(callMock));

  it('below the ceiling the form has no code field and sends none', async () => {
    renderSignIn(() => Promise.reject(refusal('LOGIN_FAILED')));
    fillIn({ 'signin-account': 'ada@example.com', 'signin-password': 'secret12' });
    fireEvent.click(screen.getByTestId('signin-submit'));
    await screen.findByRole('alert');
    expect(screen.queryByTestId('signin-code')).toBeNull();
    expect(logins()[0]?.[1]).toEqual({ account: 'ada@example.com', password: 'secret12' });
  });

  it('LOGIN_CODE_REQUIRED shows a code field, and the next sign-in sends the code typed', async () => {
    const user = { id: 1, account: 'ada@example.com' };
    let answered = 0;
    renderSignIn(() =>
      answered++ === 0 ? Promise.reject(refusal('LOGIN_CODE_REQUIRED')) : Promise.resolve({ token: 't', user }),
    );
    fillIn({ 'signin-account': 'ada@example.com', 'signin-password': 'secret12' });
    fireEvent.click(screen.getByTestId('signin-submit'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('For your safety, enter the code we sent to your email or phone.');
    expect(screen.getByTestId('signin-resend')).toBeTruthy();
    fillIn({ 'signin-code': '123456' });
    fireEvent.click(screen.getByTestId('signin-submit'));
    await waitFor(() => expect(logins()).toHaveLength(2));
    expect(logins()[1]?.[1]).toEqual({ account: 'ada@example.com', password: 'secret12', code: '123456' });
  });

  it('a wrong code is shown under the code field', async () => {
    let answered = 0;
    renderSignIn(() => Promise.reject(refusal(answered++ === 0 ? 'LOGIN_CODE_REQUIRED' : 'CODE_INVALID')));
    fillIn({ 'signin-account': 'ada@example.com', 'signin-password': 'secret12' });
    fireEvent.click(screen.getByTestId('signin-submit'));
    await screen.findByTestId('signin-code');
    fillIn({ 'signin-code': '654321' });
    fireEvent.click(screen.getByTestId('signin-submit'));
    await waitFor(() => expect(screen.getByTestId('signin-error').textContent).toBe('The verification code is wrong.'));
    expectUnder(screen.getByTestId('signin-code'), screen.getByTestId('signin-error'));
  });
});
