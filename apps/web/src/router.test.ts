import { readFileSync } from 'node:fs';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePages } from '../plugins/pagePreloads';
import { routes } from './router';

/** Every path of the router whose element is a page (not a redirect). */
function pagePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path && route.handle ? [route.path] : []),
    ...pagePaths(route.children ?? []),
  ]);
}

describe("the build's page preloads", () => {
  const source = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');

  it('find the page module of every route the router has', () => {
    const found = routePages(source);
    expect(found.map((route) => route.path).sort()).toEqual(pagePaths(routes).sort());
  });

  it('follow a loader shared by several pages to its module', () => {
    const found = new Map(routePages(source).map((route) => [route.path, route.module]));
    expect(found.get('/')).toBe('./features/home/HomePage');
    expect(found.get('/wallet/profitRecord')).toBe('./features/records/RecordsPage');
    expect(found.get('/pagesB/home/news')).toBe(found.get('/pagesB/honor/details'));
  });
});
