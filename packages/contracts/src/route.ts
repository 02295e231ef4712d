import type { Endpoint } from './endpoint.ts';

export const API_BASE = '/api/v1';
export const ADMIN_API_BASE = '/admin/api/v1';

/** Never a value: it carries, in a route's type, the endpoint the route calls. */
declare const endpointType: unique symbol;

/**
 * What a client needs to call an endpoint: its method and path, and whether it is idempotent or
 * multipart. Its type carries the endpoint, so a call through it is typed by the endpoint's
 * schemas, while the route holds none: the web app's screens call the API without building zod's
 * schemas, which only its forms need (docs/decisions.md).
 */
export interface Route<E extends Endpoint = Endpoint> {
  readonly method: E['method'];
  readonly path: string;
  readonly idempotent?: E['idempotent'];
  readonly file?: E['file'];
  readonly [endpointType]?: E;
}

/** The endpoint of a route, or the endpoint itself. */
export type EndpointOf<R extends Route> = R extends Endpoint ? R : R extends Route<infer E> ? E : never;

/** The routes of groups of endpoints (`api`), group by group. */
export type Routes<Groups extends Record<string, Record<string, Endpoint>>> = {
  [G in keyof Groups]: { [K in keyof Groups[G]]: Route<Groups[G][K]> };
};

export function routeOf<E extends Endpoint>(endpoint: E): Route<E> {
  const { method, path, idempotent, file } = endpoint;
  return { method, path, ...(idempotent ? { idempotent } : {}), ...(file ? { file } : {}) };
}

export function routesOf<Groups extends Record<string, Record<string, Endpoint>>>(groups: Groups): Routes<Groups> {
  return Object.fromEntries(
    Object.entries(groups).map(([group, endpoints]) => [
      group,
      Object.fromEntries(Object.entries(endpoints).map(([name, endpoint]) => [name, routeOf(endpoint)])),
    ]),
  ) as Routes<Groups>;
}

/** Fills `:name` path segments, e.g. ("/users/:id/freeze", {id: 3}) → "/users/3/freeze". */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
