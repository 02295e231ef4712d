import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { queryClient } from '../lib/queryClient';

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

/** After each test: the page is unmounted and what it fetched forgotten, so the next test starts cold. */
export function cleanupPage() {
  cleanup();
  queryClient.clear();
}
