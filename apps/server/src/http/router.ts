import {
  type AdminRole,
  type Endpoint,
  envelope,
  type Language,
  type OutputOf,
  type ParamsOf,
  type ParsedInputOf,
  pickLanguage,
  SUCCESS_CODE,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthedAdmin, AuthedUser, BaseContext } from '../domain/caller.ts';
import { AppError } from '../domain/errors.ts';

export const IDEMPOTENCY_KEY_MAX = 100;

export interface Authenticators {
  user(token: string | undefined): Promise<AuthedUser>;
  admin(token: string | undefined, roles: readonly AdminRole[] | undefined): Promise<AuthedAdmin>;
}

export type Context<E extends Endpoint> = BaseContext & {
  params: ParamsOf<E>;
} & (E['access'] extends 'user' ? { user: AuthedUser } : unknown) &
  (E['access'] extends 'admin' ? { admin: AuthedAdmin } : unknown) &
  (E['access'] extends 'public' ? { user?: AuthedUser } : unknown);

export type Handler<E extends Endpoint> = (
  input: ParsedInputOf<E>,
  ctx: Context<E>,
) => Promise<OutputOf<E>> | OutputOf<E>;

/**
 * The path the router routed a request by, for guards that look at paths (never `req.url`, which
 * the router reads more loosely: `/%61pi/v1/userInfo` and `http://host/api/v1/userInfo` both reach
 * `/api/v1/userInfo`). That is the matched route's own pattern; for a request that matched no route,
 * or only a wildcard one (the built apps' files), its path as the router reads it: query and
 * fragment cut, an absolute-form target reduced to its path, escapes decoded as the router does.
 */
export function routedPath(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  if (route !== undefined && !route.includes('*')) return route;
  try {
    const target = req.url.startsWith('/') ? req.url : new URL(req.url).pathname;
    return decodeURI(target.split(/[?#]/)[0] ?? '');
  } catch {
    // Unreadable to the router as well: it matched nothing, and there is nothing a guard could let through.
    return req.url;
  }
}

/** The Authorization header carries the token, with or without "Bearer ". */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization?.trim();
  if (!header) return undefined;
  return header.replace(/^Bearer\s+/i, '') || undefined;
}

/** Read when a handler asks: most handlers need none of it, and the busiest ones run per call. */
class RequestContext implements BaseContext {
  constructor(
    private readonly req: FastifyRequest,
    readonly params: unknown,
    readonly user: AuthedUser | undefined,
    readonly admin: AuthedAdmin | undefined,
  ) {}

  get lang(): Language {
    return pickLanguage(this.req.headers['accept-language']);
  }

  get ip(): string {
    return this.req.ip;
  }

  get userAgent(): string {
    return String(this.req.headers['user-agent'] ?? '').slice(0, 300);
  }

  /**
   * Compared whole: a longer key is refused, never cut (two keys sharing their first characters
   * would name one request). Read only by the endpoints that take one.
   */
  get idempotencyKey(): string | undefined {
    const key = this.req.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0) return undefined;
    if (key.length > IDEMPOTENCY_KEY_MAX) throw new AppError('IDEMPOTENCY_KEY_TOO_LONG', { max: IDEMPOTENCY_KEY_MAX });
    return key;
  }
}

export type Route = <E extends Endpoint>(endpoint: E, handler: Handler<E>) => void;

/**
 * Declares routes from the contracts: path, input, params and output are written once there.
 * Authentication runs before validation, so an anonymous caller learns to sign in first.
 */
export function createRouter(
  app: FastifyInstance,
  options: { base: string; tag: string; auth: Authenticators; testMode: boolean },
): Route {
  return (endpoint, handler) => {
    if (endpoint.access === 'test' && !options.testMode) return;
    const inputIn = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? 'querystring' : 'body';
    const sessions = new WeakMap<FastifyRequest, { user?: AuthedUser; admin?: AuthedAdmin }>();
    app.route({
      method: endpoint.method,
      url: options.base + endpoint.path,
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.access === 'test' ? 'test mode' : options.tag],
        [inputIn]: endpoint.input,
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.access === 'user' || endpoint.access === 'admin' ? { security: [{ token: [] }] } : {}),
        response: { 200: envelope(endpoint.output) },
      },
      onRequest: async (req) => {
        if (endpoint.access === 'user') sessions.set(req, { user: await options.auth.user(tokenOf(req)) });
        if (endpoint.viewer && tokenOf(req)) {
          const user = await options.auth.user(tokenOf(req)).catch(() => undefined);
          if (user) sessions.set(req, { user });
        }
        if (endpoint.access === 'admin') {
          sessions.set(req, { admin: await options.auth.admin(tokenOf(req), endpoint.roles) });
        }
      },
      handler: async (req) => {
        const input = (inputIn === 'body' ? req.body : req.query) as ParsedInputOf<typeof endpoint>;
        const session = sessions.get(req);
        const ctx = new RequestContext(req, req.params, session?.user, session?.admin) as unknown as Context<
          typeof endpoint
        >;
        const data = await handler(input, ctx);
        return { code: SUCCESS_CODE, msg: 'success', data: data ?? null };
      },
    });
  };
}
