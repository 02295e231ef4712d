import { describe, expect, it } from 'vitest';
import { api } from './api.ts';
import { buildPath, routesOf } from './route.ts';

const routes = routesOf(api);
const endpoints = Object.entries(api).flatMap(([group, named]) =>
  Object.entries(named).map(([name, endpoint]) => ({ group, name, endpoint })),
);

describe('routes: what a client needs to call the user API, without its schemas', () => {
  it('every endpoint has a route with its method and path, and nothing else of it but its two flags', () => {
    for (const { group, name, endpoint } of endpoints) {
      const route = (routes as Record<string, Record<string, object>>)[group]?.[name];
      expect(route, `${group}.${name}`).toEqual({
        method: endpoint.method,
        path: endpoint.path,
        ...(endpoint.idempotent ? { idempotent: true } : {}),
        ...(endpoint.file ? { file: true } : {}),
      });
    }
  });

  it('a money-moving endpoint stays idempotent and an upload stays multipart', () => {
    expect(routes.products.purchase).toMatchObject({ method: 'POST', idempotent: true });
    expect(routes.uploads.image).toMatchObject({ method: 'POST', file: true });
    expect(routes.user.info).toEqual({ method: 'GET', path: api.user.info.path });
  });

  it('routes are plain data: the same after a trip through JSON, as the web build embeds them', () => {
    expect(JSON.parse(JSON.stringify(routes))).toEqual(routes);
  });
});

describe('a path with parameters', () => {
  it('fills each :name segment, encoded', () => {
    expect(buildPath('/users/:id/freeze', { id: 3 })).toBe('/users/3/freeze');
    expect(buildPath('/posts/:slug', { slug: 'a b/c' })).toBe('/posts/a%20b%2Fc');
  });

  it('refuses a missing parameter instead of calling a wrong path', () => {
    expect(() => buildPath('/users/:id', {})).toThrow('missing path parameter id');
  });
});
