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

export interface AuthedUser {
  id: number;
  sessionId: number;
}

export interface AuthedAdmin {
  id: number;
  email: string;
  role: AdminRole;
  sessionId: number;
}

export interface Authenticators {
  user(token: string | undefined): Promise<AuthedUser>;
  admin(token: string | undefined, roles: readonly AdminRole[] | undefined): Promise<AuthedAdmin>;
}

export interface BaseContext {
  lang: Language;
  ip: string;
  userAgent: string;
  idempotencyKey: string | undefined;
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

  get idempotencyKey(): string | undefined {
    const key = this.req.headers['idempotency-key'];
    return typeof key === 'string' && key.length > 0 ? key.slice(0, 100) : undefined;
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
