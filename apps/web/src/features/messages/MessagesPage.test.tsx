// @vitest-environment jsdom
import type { UserMessage } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/routes';
import { i18nReady } from '../../i18n';
import { renderAntdWithCreateRoot } from '../../lib/antdRender';
import { sessionStore } from '../../store/session';
import { cleanupPage, renderPage } from '../../test/renderPage';

// The app renders once its language is loaded (main.tsx); so do these tests.
await i18nReady;

const callMock = vi.fn();
vi.mock('../../api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const { default: MessagesPage } = await import('./MessagesPage');
const { UnreadBadge } = await import('./UnreadBadge');

const NOW = new Date().toISOString();
const message = (id: number, read: boolean): UserMessage => ({
  id,
  title: `Title ${id}`,
  body: `Body of message ${id}`,
  read,
  createdAt: NOW,
});

/** A server with two unread messages and one read: reads and "read all" change what it answers. */
function server() {
  const read = new Set([1]);
  callMock.mockImplementation((endpoint: unknown, _input: unknown, params?: { id: number }) => {
    const unread = () => 3 - read.size;
    if (endpoint === api.messages.list) {
      return Promise.resolve({
        items: [3, 2, 1].map((id) => message(id, read.has(id))),
        nextCursor: null,
        unread: unread(),
      });
    }
    if (endpoint === api.messages.read) {
      read.add(params?.id ?? 0);
      return Promise.resolve({ unread: unread() });
    }
    if (endpoint === api.messages.readAll) {
      for (const id of [2, 3]) read.add(id);
      return Promise.resolve({ unread: 0 });
    }
    return Promise.reject(new Error('unexpected call'));
  });
}

/** The messages page beside the badge of the tab that leads to it. */
function renderMessages() {
  renderPage(
    <>
      <UnreadBadge>
        <span>icon</span>
      </UnreadBadge>
      <MessagesPage />
    </>,
    { path: '/pagesB/mine/message' },
  );
}

const badge = () => screen.getByTestId('unread-badge').getAttribute('data-unread');

describe('system messages', () => {
  beforeAll(() => {
    sessionStore.set({ token: 'tok', language: 'en' });
    renderAntdWithCreateRoot();
  });
  afterEach(() => cleanupPage(callMock));

  it('unread messages carry a dot and the badge counts them; opening one reads it', async () => {
    server();
    renderMessages();
    await waitFor(() => expect(screen.getAllByTestId('message-unread-dot')).toHaveLength(2));
    await waitFor(() => expect(badge()).toBe('2'));
    expect(screen.getAllByText('just now').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByText('Title 3'));
    await waitFor(() => expect(screen.getAllByTestId('message-unread-dot')).toHaveLength(1));
    await waitFor(() => expect(badge()).toBe('1'));
    expect(callMock.mock.calls.filter(([endpoint]) => endpoint === api.messages.read)).toHaveLength(1);
  });

  it('read all clears every dot and the badge', async () => {
    server();
    renderMessages();
    await waitFor(() => expect(badge()).toBe('2'));
    const readAll = screen.getByTestId('messages-read-all');
    await waitFor(() => expect(readAll.hasAttribute('disabled')).toBe(false));
    fireEvent.click(readAll);
    await waitFor(() => expect(screen.queryAllByTestId('message-unread-dot')).toHaveLength(0));
    await waitFor(() => expect(badge()).toBe('0'));
  });

  it('with no message, says so', async () => {
    callMock.mockResolvedValue({ items: [], nextCursor: null, unread: 0 });
    renderMessages();
    await screen.findByText('No messages yet');
  });
});
