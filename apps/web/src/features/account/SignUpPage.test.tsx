// @vitest-environment jsdom

import { type AppConfig, configDefaults, ERRORS, PUBLIC_CONFIG_KEYS } from '@app/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/routes';
import { i18nReady } from '../../i18n';
import { sessionStore } from '../../store/session';
import { expectUnder, fillIn, refusal } from '../../test/formProblems';
import { answering, cleanupPage, renderPage } from '../../test/renderPage';

await i18nReady;

const callMock = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  call: (...args: unknown[]) => callMock(...args),
}));

const { default: SignUpPage } = await import('./SignUpPage');

/** The public configuration of a server that can send codes by these kinds of account. */
function serverSending(kinds: AppConfig['account_kinds']): AppConfig {
  const values = Object.fromEntries(PUBLIC_CONFIG_KEYS.map((key) => [key, configDefaults[key]]));
  return { ...values, account_kinds: kinds } as AppConfig;
}

function openSignUp(config: AppConfig, ...answers: Parameters<typeof answering>) {
  sessionStore.set({ token: '', user: null, language: 'en', config });
  callMock.mockImplementation(answering([api.system.appConfig, () => Promise.resolve(config)], ...answers));
  renderPage(<SignUpPage />, { path: '/account/signUp' });
}

describe('signing up where the server can or cannot send SMS', () => {
  afterEach(() => cleanupPage(callMock));

  it('with no SMS provider, the form asks for an email and refuses a phone before asking the server', async () => {
    openSignUp(serverSending(['email']));
    expect(screen.getByText('Email')).toBeTruthy();
    expect(screen.getByTestId('signup-account').getAttribute('placeholder')).toBe('Enter your email address');
    fillIn({ 'signup-account': '0803 123 4567' });
    fireEvent.click(screen.getByTestId('send-code'));
    const message = await screen.findByTestId('signup-error');
    expect(message.textContent).toBe(ERRORS.SMS_UNAVAILABLE.msg.en);
    expectUnder(screen.getByTestId('signup-account'), message);
    expect(callMock).not.toHaveBeenCalledWith(api.user.sendCode, expect.anything(), undefined, expect.anything());
  });

  it('where SMS can be sent, a phone number gets its code', async () => {
    openSignUp(serverSending(['email', 'phone']), [api.user.sendCode, () => Promise.resolve({ cooldownSeconds: 60 })]);
    expect(screen.getByText('Email or phone')).toBeTruthy();
    fillIn({ 'signup-account': '0803 123 4567' });
    fireEvent.click(screen.getByTestId('send-code'));
    await vi.waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        api.user.sendCode,
        { account: '0803 123 4567', purpose: 'register' },
        undefined,
        { quiet: true },
      ),
    );
  });

  it("a number in a country the platform does not text is refused under the account, in the server's words", async () => {
    openSignUp(serverSending(['email', 'phone']), [
      api.user.sendCode,
      () => Promise.reject(refusal('SMS_COUNTRY_REFUSED')),
    ]);
    fillIn({ 'signup-account': '+44 7700 900123' });
    fireEvent.click(screen.getByTestId('send-code'));
    const message = await screen.findByTestId('signup-error');
    expect(message.textContent).toBe(ERRORS.SMS_COUNTRY_REFUSED.msg.en);
    expectUnder(screen.getByTestId('signup-account'), message);
  });
});
