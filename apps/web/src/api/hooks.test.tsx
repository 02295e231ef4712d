// @vitest-environment jsdom
import type { UserInfo } from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/queryClient';
import { sessionStore } from '../store/session';
import { buildUser } from '../test/factories';
import { answering, cleanupPage, renderPage } from '../test/renderPage';
import { api } from './routes';

const callMock = vi.fn();
vi.mock('./index', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const { queryKeys, useUserInfo } = await import('./hooks');

afterEach(() => cleanupPage(callMock));

/** How often the screen below was drawn. */
const draws = { count: 0 };

/** A screen that shows the nickname. */
function Nickname() {
  draws.count++;
  return <div data-testid="nickname">{useUserInfo().user?.nickname ?? '…'}</div>;
}

/** The screen, on a server that answers the profile with `answer()`; `kept` is the device's copy. */
function renderNickname(answer: () => Promise<UserInfo>, kept: UserInfo | null = null) {
  draws.count = 0;
  sessionStore.set({ token: 'token', user: kept });
  callMock.mockImplementation(answering([api.user.info, answer]));
  renderPage(<Nickname />, { path: '/' });
}

describe('the profile, bill and configuration hooks', () => {
  it('show the copy kept on the device until the answer arrives, then the answer', async () => {
    let answer: (user: UserInfo) => void = () => {};
    renderNickname(() => new Promise((resolve) => (answer = resolve)), buildUser({ nickname: 'kept' }));
    expect(screen.getByTestId('nickname').textContent).toBe('kept');
    await waitFor(() => expect(callMock).toHaveBeenCalled());
    act(() => answer(buildUser({ nickname: 'fresh' })));
    expect(await screen.findByText('fresh')).toBeTruthy();
  });

  it('do not draw a screen again when a refetch brings the same answer', async () => {
    const user = buildUser({ nickname: 'same' });
    renderNickname(() => Promise.resolve(user));
    expect(await screen.findByText('same')).toBeTruthy();
    const before = draws.count;
    // A refetch starts and ends (isFetching true, then false) with an equal answer: the screen read
    // only the profile, so nothing it shows changed.
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.userInfo }));
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.userInfo }));
    expect(draws.count).toBe(before);
  });
});
