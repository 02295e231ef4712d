import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';

/**
 * The window as a screen this wide: antd's responsive parts (the grid's breakpoints, the layout's
 * sider) read `matchMedia`, which jsdom lacks. Answers min-width and max-width queries by `width`.
 */
let sized = false;

export function viewport(width: number) {
  sized = true;
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)].every(([, side, px]) =>
      side === 'min' ? width >= Number(px) : width <= Number(px),
    );
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

/**
 * A back-office screen as the app shows it: antd's App (messages), a query cache of its own and a
 * router at `path`, the screen on the `route` pattern when it reads parameters ("/users/:id"). A
 * desktop window unless the test set another `viewport` first.
 */
export function renderScreen(element: ReactNode, { path = '/', route }: { path?: string; route?: string } = {}) {
  if (!sized) viewport(1440);
  // antd's tables and overflowing menus watch their size; jsdom lays nothing out.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          {route ? (
            <Routes>
              <Route path={route} element={element} />
            </Routes>
          ) : (
            element
          )}
        </MemoryRouter>
      </QueryClientProvider>
    </AntApp>,
  );
}

/** After each test: the screen unmounted, the window's stubs undone. */
export function cleanupScreen() {
  cleanup();
  vi.unstubAllGlobals();
  sized = false;
}

/**
 * A mocked `call` that answers the endpoints named in `answers` (with the call's input and
 * params) and keeps every other call waiting, as a server that has not answered yet.
 */
export function answering(
  ...answers: [endpoint: unknown, answer: (input: unknown, params: unknown) => unknown][]
): (endpoint: unknown, input?: unknown, params?: unknown) => Promise<unknown> {
  return (endpoint, input, params) => {
    const found = answers.find(([named]) => named === endpoint);
    return found ? Promise.resolve(found[1](input, params)) : new Promise(() => {});
  };
}
