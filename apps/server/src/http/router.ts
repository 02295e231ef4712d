import {
  type AdminRole,
  type Endpoint,
  envelope,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_PATTERN,
  type IsIdempotent,
  type Language,
  type OutputOf,
  type ParamsOf,
  type ParsedInputOf,
  pickLanguage,
  SUCCESS_CODE,
} from '@app/contracts';
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthedAdmin, AuthedUser, BaseContext, UploadedFile } from '../domain/caller.ts';
import { AppError } from '../domain/errors.ts';

export interface Authenticators {
  user(token: string | undefined): Promise<AuthedUser>;
  admin(token: string | undefined, roles: readonly AdminRole[] | undefined): Promise<AuthedAdmin>;
}

export type Context<E extends Endpoint> = BaseContext & {
  params: ParamsOf<E>;
} & (E['access'] extends 'user' ? { user: AuthedUser } : unknown) &
  (E['access'] extends 'admin' ? { admin: AuthedAdmin } : unknown) &
  (E['access'] extends 'public' ? { user?: AuthedUser } : unknown) &
  (IsIdempotent<E> extends true ? { idempotencyKey: string } : unknown) &
  (NonNullable<E['file']> extends true ? { file: () => Promise<UploadedFile> } : unknown);

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
  readonly user: AuthedUser | undefined;
  readonly admin: AuthedAdmin | undefined;
  readonly idempotencyKey: string | undefined;

  constructor(
    private readonly req: FastifyRequest,
    readonly params: unknown,
    caller: Caller,
    private readonly fileMaxBytes: number,
  ) {
    this.user = caller.user;
    this.admin = caller.admin;
    this.idempotencyKey = caller.idempotencyKey;
  }

  get lang(): Language {
    return pickLanguage(this.req.headers['accept-language']);
  }

  get ip(): string {
    return this.req.ip;
  }

  get userAgent(): string {
    return String(this.req.headers['user-agent'] ?? '').slice(0, 300);
  }

  /** Reads the body of a `file` endpoint; the size limit stops it as soon as the file passes it. */
  async file(): Promise<UploadedFile> {
    // Whatever else stops the multipart reader (a body that breaks off, a malformed part) leaves
    // nothing to read: the request is unreadable, as a broken JSON body is.
    const refusal = (error: unknown): never => {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('UPLOAD_TOO_LARGE', { max: Math.floor(this.fileMaxBytes / 2 ** 20) });
      }
      throw new AppError('BAD_JSON');
    };
    const part = await this.req
      .file({ limits: { files: 1, fields: 10, fieldSize: 1000, fileSize: this.fileMaxBytes } })
      .catch(refusal);
    if (!part) throw new AppError('UPLOAD_MISSING');
    const bytes = await part.toBuffer().catch(refusal);
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(part.fields)) {
      const field = Array.isArray(value) ? value[0] : (value as Multipart | undefined);
      if (field?.type === 'field') fields[name] = String(field.value);
    }
    return { bytes, fields };
  }
}

/** The key of a request to an idempotent endpoint: required, in the contracts' format (`idempotency.ts`). */
function idempotencyKeyOf(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED', { max: IDEMPOTENCY_KEY_MAX });
  }
  return key;
}

/** What the request hooks found out about the caller before the handler runs. */
interface Caller {
  user?: AuthedUser;
  admin?: AuthedAdmin;
  idempotencyKey?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the route's `onRequest` hook, read by its handler. A request decoration rather than a
     * WeakMap keyed by request: one entry per request cost a microsecond and more garbage collection.
     */
    caller: Caller | null;
  }
}

export interface RouteOptions {
  /**
   * The answer is a few short figures, always far under the compression threshold: the route goes
   * without the compression hooks, which only ever let it pass (about 1 % of the bill's CPU).
   */
  small?: boolean;
}

export type Route = <E extends Endpoint>(endpoint: E, handler: Handler<E>, options?: RouteOptions) => void;

/**
 * Declares routes from the contracts: path, input, params and output are written once there.
 * Authentication runs before validation, so an anonymous caller learns to sign in first; an
 * idempotent endpoint then requires its Idempotency-Key, before the body is read.
 */
export function createRouter(
  app: FastifyInstance,
  options: {
    base: string;
    tag: string;
    auth: Authenticators;
    testMode: boolean;
    /** The largest file a `file` endpoint reads; such endpoints need `@fastify/multipart` on `app`. */
    fileMaxBytes?: number;
  },
): Route {
  if (!app.hasRequestDecorator('caller')) app.decorateRequest('caller', null);
  return (endpoint, handler, routeOptions = {}) => {
    if (endpoint.access === 'test' && !options.testMode) return;
    const inputIn = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? 'querystring' : 'body';
    app.route({
      method: endpoint.method,
      url: options.base + endpoint.path,
      schema: {
        summary: endpoint.summary,
        ...(endpoint.idempotent
          ? { description: `Requires an Idempotency-Key header (1 to ${IDEMPOTENCY_KEY_MAX} of A-Z a-z 0-9 - _ : .)` }
          : {}),
        tags: [endpoint.access === 'test' ? 'test mode' : options.tag],
        ...(endpoint.file ? { consumes: ['multipart/form-data'] } : { [inputIn]: endpoint.input }),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.access === 'user' || endpoint.access === 'admin' ? { security: [{ token: [] }] } : {}),
        response: { 200: envelope(endpoint.output) },
      },
      ...(routeOptions.small ? { compress: false } : {}),
      onRequest: async (req) => {
        const caller: Caller = {};
        if (endpoint.access === 'user') caller.user = await options.auth.user(tokenOf(req));
        if (endpoint.viewer && tokenOf(req)) caller.user = await options.auth.user(tokenOf(req)).catch(() => undefined);
        if (endpoint.access === 'admin') caller.admin = await options.auth.admin(tokenOf(req), endpoint.roles);
        if (endpoint.idempotent) caller.idempotencyKey = idempotencyKeyOf(req);
        // Anything but a multipart body is a client that does not know the endpoint: nothing to read.
        if (endpoint.file && !req.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
          throw new AppError('BAD_JSON');
        }
        req.caller = caller;
      },
      handler: async (req) => {
        const input = (endpoint.file ? {} : inputIn === 'body' ? req.body : req.query) as ParsedInputOf<
          typeof endpoint
        >;
        const ctx = new RequestContext(
          req,
          req.params,
          req.caller ?? {},
          options.fileMaxBytes ?? 0,
        ) as unknown as Context<typeof endpoint>;
        const data = await handler(input, ctx);
        return { code: SUCCESS_CODE, msg: 'success', data: data ?? null };
      },
    });
  };
}
