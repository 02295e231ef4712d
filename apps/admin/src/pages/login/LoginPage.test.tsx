// @vitest-environment jsdom
import { adminApi, ERRORS } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../api.ts';
import { answering, cleanupScreen, renderScreen } from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

vi.mock('../../api.ts', async (importOriginal) => ({ ...(await importOriginal()), call: vi.fn() }));
const signIn = vi.fn();
vi.mock('../../auth.tsx', () => ({ useAuth: () => ({ admin: null, signIn }) }));

const mockedCall = vi.mocked(call);
vi.setConfig({ testTimeout: 30_000 });

const refusal = (key: keyof typeof ERRORS) => new ApiError(ERRORS[key].code, ERRORS[key].msg.en);
const logins = () => mockedCall.mock.calls.filter(([endpoint]) => endpoint === adminApi.admin.login);
const OWNER = { id: 1, email: 'owner@example.com', name: 'Owner', role: 'owner', status: 'active', createdAt: '' };

function fill(values: Record<string, string>) {
  for (const [testId, value] of Object.entries(values)) {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  }
}

describe('back-office sign-in', () => {
  afterEach(() => {
    cleanupScreen();
    mockedCall.mockReset();
    signIn.mockReset();
  });

  it('below the ceiling a refusal shows no code field', async () => {
    mockedCall.mockImplementation(
      answering([
        adminApi.admin.login,
        () => {
          throw refusal('ADMIN_LOGIN_FAILED');
        },
      ]) as never,
    );
    renderScreen(<LoginPage />, { path: '/login' });
    fill({ 'login-email': 'owner@example.com', 'login-password': 'wrong-password' });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Wrong email or password.');
    expect(screen.queryByTestId('login-code')).toBeNull();
    expect(logins()[0]?.[1]).toEqual({ email: 'owner@example.com', password: 'wrong-password' });
  });

  it('LOGIN_CODE_REQUIRED shows a code field, and the next sign-in sends the code typed', async () => {
    let answered = 0;
    mockedCall.mockImplementation(
      answering([
        adminApi.admin.login,
        () => {
          if (answered++ === 0) throw refusal('LOGIN_CODE_REQUIRED');
          return { token: 'token', admin: OWNER };
        },
      ]) as never,
    );
    renderScreen(<LoginPage />, { path: '/login' });
    fill({ 'login-email': 'owner@example.com', 'login-password': 'owner-secret-1' });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain(
      'For your safety, enter the code we sent to your email or phone.',
    );
    expect(screen.getByTestId('login-resend')).toBeTruthy();
    fill({ 'login-code': '123456' });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('token', OWNER));
    expect(logins()[1]?.[1]).toEqual({ email: 'owner@example.com', password: 'owner-secret-1', code: '123456' });
  });
});
