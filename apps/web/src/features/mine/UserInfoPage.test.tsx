// @vitest-environment jsdom
import { ERRORS, type UserInfo } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { api } from '../../api/routes';
import { i18nReady } from '../../i18n';
import { renderAntdWithCreateRoot } from '../../lib/antdRender';
import { sessionStore } from '../../store/session';
import { buildUser } from '../../test/factories';
import { cleanupPage, renderPage } from '../../test/renderPage';

// The app renders once its language is loaded (main.tsx); so do these tests.
await i18nReady;

const callMock = vi.fn();
const uploadMock = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  call: (...args: unknown[]) => callMock(...args),
}));
vi.mock('../../api/upload', () => ({ uploadImage: (...args: unknown[]) => uploadMock(...args) }));

const { default: UserInfoPage } = await import('./UserInfoPage');

const AVATAR = `/media/${'b'.repeat(32)}.jpg`;
const user = buildUser({ nickname: 'User 1234' });

function renderUserInfo() {
  callMock.mockImplementation((endpoint: unknown, input: Partial<UserInfo>) => {
    if (endpoint === api.user.info) return Promise.resolve(user);
    if (endpoint === api.user.updateInfo) return Promise.resolve({ ...user, ...input });
    return Promise.resolve([]);
  });
  renderPage(<UserInfoPage />, { path: '/mine/userInfo' });
}

const updates = () => callMock.mock.calls.filter(([endpoint]) => endpoint === api.user.updateInfo);

async function pick(file: File) {
  const input = await screen.findByTestId('user-info-avatar-input');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('user information', () => {
  beforeAll(() => {
    sessionStore.set({ token: 'tok', language: 'en' });
    renderAntdWithCreateRoot();
  });
  afterEach(() => cleanupPage(callMock, uploadMock));

  it('a picked picture is uploaded as an avatar and becomes the avatar shown', async () => {
    uploadMock.mockResolvedValue(AVATAR);
    renderUserInfo();
    const photo = new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' });
    await pick(photo);
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(uploadMock).toHaveBeenCalledWith(photo, 'avatar');
    expect(updates()[0]![1]).toEqual({ avatar: AVATAR });
    await waitFor(() => expect(screen.getByTestId('user-info-avatar').getAttribute('src')).toBe(AVATAR));
  });

  it('a refused upload leaves the avatar as it was', async () => {
    uploadMock.mockRejectedValue(new ApiError(ERRORS.UPLOAD_NOT_IMAGE.code, 'not a picture', 'business'));
    renderUserInfo();
    // The profile as the server has it (no avatar), not the copy kept from the test before.
    await waitFor(() => expect(screen.getByTestId('user-info-avatar').tagName).toBe('DIV'));
    await pick(new File(['<html>'], 'cat.png', { type: 'image/png' }));
    await waitFor(() => expect(uploadMock).toHaveBeenCalled());
    expect(updates()).toHaveLength(0);
    expect(screen.getByTestId('user-info-avatar').tagName).toBe('DIV');
  });

  it('a blank nickname is refused on the page, without a request', async () => {
    renderUserInfo();
    fireEvent.change(await screen.findByTestId('user-info-nickname'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('user-info-nickname-save'));
    expect((await screen.findByTestId('user-info-nickname-error')).textContent).toMatch(/1 to 20 characters/);
    expect(updates()).toHaveLength(0);
  });

  it('a nickname is saved trimmed, and shows the account, invite code and level', async () => {
    renderUserInfo();
    expect((await screen.findByTestId('user-info-account')).textContent).toBe('ada@example.com');
    expect(screen.getByTestId('user-info-invite-code').textContent).toBe('ADA123');
    fireEvent.change(screen.getByTestId('user-info-nickname'), { target: { value: '  Ada  ' } });
    fireEvent.click(screen.getByTestId('user-info-nickname-save'));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]![1]).toEqual({ nickname: 'Ada' });
    await waitFor(() => expect((screen.getByTestId('user-info-nickname') as HTMLInputElement).value).toBe('Ada'));
  });
});
