import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Mock } from 'vitest';
import { renderAntdWithCreateRoot } from '../lib/antdRender';
import { queryClient } from '../lib/queryClient';

// Toasts and dialogs render as the app renders them (React 19's createRoot): `cleanupPage` closes
// them, which antd-mobile's default (legacy) renderer cannot do under React 19.
renderAntdWithCreateRoot();

/**
 * A page as the app shows it: with the app's own query cache (the one its pages invalidate) and
 * a router at `path`, so links, navigation and search parameters work. `element` may be a
 * `<Routes>` when a test follows the page to where it navigates.
 */
export function renderPage(element: ReactNode, { path }: { path: string }) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * After each test: the page is unmounted, what it fetched forgotten and the file's `mocks` reset,
 * so the next test starts cold.
 */
export function cleanupPage(...mocks: Mock[]) {
  cleanup();
  // antd-mobile keeps one toast and Dialog.show's dialogs in its own module, which outlives the
  // file: left open, the next test's toast would update one no longer in the page.
  Toast.clear();
  Dialog.clear();
  queryClient.clear();
  for (const mock of mocks) mock.mockReset();
}

/**
 * A mocked `call` that answers the endpoints named in `answers` and keeps every other call
 * waiting, as a server that has not answered yet.
 */
export function answering(...answers: [endpoint: unknown, answer: () => Promise<unknown>][]) {
  return (endpoint: unknown) => answers.find(([named]) => named === endpoint)?.[1]() ?? new Promise(() => {});
}
