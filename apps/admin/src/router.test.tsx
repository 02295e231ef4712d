// @vitest-environment jsdom
import { isValidElement, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

const LAZY = Symbol.for('react.lazy');

/** The components an element renders, outermost first (a route's guard, then its page). */
function components(node: ReactNode): unknown[] {
  if (!isValidElement(node)) return [];
  const { children } = node.props as { children?: ReactNode };
  return [node.type, ...(Array.isArray(children) ? children.flatMap(components) : components(children))];
}

function pagesOf(list: RouteObject[]): { path: string; page: unknown }[] {
  return list.flatMap((route) => {
    const inner = pagesOf(route.children ?? []);
    if (route.children) return inner;
    const page = components(route.element).at(-1);
    return [{ path: route.index ? '/' : (route.path ?? ''), page }];
  });
}

describe('the back office loads a screen’s code when the screen is opened', () => {
  it('every screen of the router is a lazily loaded page', () => {
    // The not-found screen is a few lines of the router itself.
    const pages = pagesOf(routes).filter(({ path }) => path !== '*');
    expect(pages.length).toBeGreaterThan(25);
    const eager = pages.filter(({ page }) => (page as { $$typeof?: symbol } | undefined)?.$$typeof !== LAZY);
    expect(eager.map(({ path }) => path)).toEqual([]);
  });
});
