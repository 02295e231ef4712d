// @vitest-environment jsdom
import type { UserInfo } from '@app/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { api } from '../../api/routes';
import { i18nReady } from '../../i18n';
import { sessionStore } from '../../store/session';
import { buildUser } from '../../test/factories';
import { expectFormAlert, expectUnder, fillIn, invalidControls, refusal } from '../../test/formProblems';
import { answering, cleanupPage, renderPage } from '../../test/renderPage';

// The app renders once its language is loaded (main.tsx); so do these tests.
await i18nReady;

const callMock = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  call: (...args: unknown[]) => callMock(...args),
}));

const { default: PayPasswordPage } = await import('./PayPasswordPage');

const user = buildUser({ hasPayPassword: true });

/** The page of `who`, on a server that answers `endpoint` with `answer()`. */
function renderPayPassword(who: UserInfo, endpoint: unknown, answer: () => Promise<unknown>) {
  sessionStore.set({ user: who });
  callMock.mockImplementation(answering([api.user.info, () => Promise.resolve(who)], [endpoint, answer]));
  renderPage(<PayPasswordPage />, { path: '/mine/payPassword' });
}

/** Types into a passcode box through the native input antd keeps inside it. */
async function type(testId: string, digits: string) {
  const box = await screen.findByTestId(testId);
  fireEvent.change(box.querySelector('input')!, { target: { value: digits } });
}

/** With a payment password: changes it from `old` to `next`, repeated as `repeat`; answers the message shown. */
async function change(answer: () => Promise<unknown>, old: string, next: string, repeat = next) {
  renderPayPassword(user, api.cash.changePayPassword, answer);
  await type('pay-password-old', old);
  await type('pay-password-new', next);
  await type('pay-password-new-repeat', repeat);
  fireEvent.click(screen.getByTestId('pay-password-change'));
  return screen.findByTestId('pay-password-change-error');
}

/** Without one: sets it with a code, on a server that refuses it; answers the message shown. */
async function setRefused(refused: ApiError) {
  renderPayPassword({ ...user, hasPayPassword: false }, api.user.setPayPassword, () => Promise.reject(refused));
  await screen.findByTestId('pay-code');
  fillIn({ 'pay-code': '123456' });
  await type('pay-password', '222222');
  await type('pay-password-repeat', '222222');
  fireEvent.click(screen.getByTestId('pay-password-submit'));
  return screen.findByTestId('pay-password-error');
}

beforeAll(() => sessionStore.set({ token: 'tok', language: 'en' }));
afterEach(() => cleanupPage(callMock));

describe('changing the payment password: errors', () => {
  it('a wrong current payment password marks the current password box, described by the message', async () => {
    const wrong = refusal('PAY_PASSWORD_WRONG', 'Wrong payment password. 4 tries left.');
    const message = await change(() => Promise.reject(wrong), '111111', '222222');
    expect(message.textContent).toBe('Wrong payment password. 4 tries left.');
    expectUnder(screen.getByTestId('pay-password-old'), message);
  });

  it('repeats that do not match mark the repeat box, with no request', async () => {
    const message = await change(() => Promise.resolve(null), '111111', '222222', '333333');
    expect(screen.getByTestId('pay-password-new-repeat').getAttribute('aria-describedby')).toBe(message.id);
    expect(callMock.mock.calls.some(([endpoint]) => endpoint === api.cash.changePayPassword)).toBe(false);
  });

  it('a lost connection is the whole form’s alert, no box marked', async () => {
    await change(() => Promise.reject(new ApiError(-1, '', 'network')), '111111', '222222');
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('pay-password-change-error');
    expect(invalidControls()).toHaveLength(0);
  });
});

describe('setting the payment password with a code: what the server refuses', () => {
  it('an expired code is shown under the code field', async () => {
    const message = await setRefused(refusal('CODE_EXPIRED'));
    expect(message.textContent).toBe(
      'The verification code has expired or was already used. Please request a new one.',
    );
    expectUnder(screen.getByTestId('pay-code'), message);
  });

  it('a refusal about no field is the form’s alert', async () => {
    const message = await setRefused(refusal('RATE_LIMITED', 'Too many attempts. Please try again in 60 seconds.'));
    expect(message.textContent).toBe('Too many attempts. Please try again in 60 seconds.');
    expectFormAlert(message);
  });

  it('a code asked for too often is the form’s alert, not a toast, and the button offers it again', async () => {
    renderPayPassword({ ...user, hasPayPassword: false }, api.user.sendCode, () =>
      Promise.reject(refusal('RATE_LIMITED', 'Too many attempts. Please try again in 60 seconds.')),
    );
    fireEvent.click(await screen.findByTestId('pay-send-code'));
    const message = await screen.findByTestId('pay-password-error');
    expect(message.textContent).toBe('Too many attempts. Please try again in 60 seconds.');
    expectFormAlert(message);
    expect(callMock).toHaveBeenCalledWith(
      api.user.sendCode,
      { account: user.account, purpose: 'payPassword' },
      undefined,
      {
        quiet: true,
      },
    );
    expect(screen.getByTestId('pay-send-code').textContent).toBe('Send code');
  });
});
