// @vitest-environment jsdom
import { api, ERRORS } from '@app/contracts';
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

const { default: SignInPage } = await import('./SignInPage');

function renderSignIn(login: () => Promise<unknown>) {
  callMock.mockImplementation((endpoint: unknown) => (endpoint === api.user.login ? login() : new Promise(() => {})));
  renderPage(<SignInPage />, { path: '/account/signIn' });
}

const logins = () => callMock.mock.calls.filter(([endpoint]) => endpoint === api.user.login);
const invalidControls = () => document.querySelectorAll('[aria-invalid="true"]');

describe('sign-in errors', () => {
  beforeAll(() => sessionStore.set({ token: '', user: null, language: 'en' }));
  afterEach(() => {
    cleanupPage();
    callMock.mockReset();
  });

  it('a sign-in with an empty account marks the account field invalid and describes it with the message', async () => {
    renderSignIn(() => Promise.resolve(null));
    fireEvent.click(screen.getByTestId('signin-submit'));
    const account = screen.getByTestId('signin-account');
    const message = await screen.findByTestId('signin-error');
    expect(message.textContent).toBe('Please enter Email or phone.');
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(account.getAttribute('aria-describedby')).toBe(message.id);
    expect(message.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('signin-password').hasAttribute('aria-invalid')).toBe(false);
    expect(logins()).toHaveLength(0);
  });

  it('a refusal from the server about the whole form is announced as an alert, no field marked', async () => {
    renderSignIn(() => Promise.reject(new ApiError(ERRORS.LOGIN_FAILED.code, ERRORS.LOGIN_FAILED.msg.en, 'business')));
    fireEvent.change(screen.getByTestId('signin-account'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByTestId('signin-password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByTestId('signin-submit'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Wrong account or password.');
    expect(alert.getAttribute('data-testid')).toBe('signin-error');
    expect(invalidControls()).toHaveLength(0);
  });
});
