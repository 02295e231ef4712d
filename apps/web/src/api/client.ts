import type { ActionKey, InputOf, IsIdempotent, Language, OutputOf, Route } from '@app/contracts';
import {
  API_BASE,
  APP_VERSION,
  buildPath,
  ERROR_CODES,
  idempotencyHeaders,
  isSessionCode,
  MAINTENANCE_CODE,
  SUCCESS_CODE,
} from '@app/contracts';

/** docs/product.md#request-client and #error-catalogue constants. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const ERROR_TOAST_MS = 3_000;
export const BUSINESS_TOAST_MS = 5_000;
export const SIGN_IN_PATH = '/account/signIn';
export const MAINTENANCE_PATH = '/system/maintenance/info';
export const NETWORK_ERROR_PATH = '/system/network-error/info';

export type ApiErrorKind = 'business' | 'session' | 'maintenance' | 'http' | 'timeout' | 'network' | 'invalid';

/** Every rejected call rejects with this: `code` is the business code (or -1 for transport failures). */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly kind: ApiErrorKind;
  readonly status?: number;
  constructor(code: number, msg: string, kind: ApiErrorKind, status?: number) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.kind = kind;
    this.status = status;
  }
}

/** The side effects of the error catalogue (docs/product.md#error-catalogue), injected so tests can observe them. */
export interface ClientEffects {
  fetch: typeof fetch;
  toast: (message: string, durationMs: number) => void;
  /** Replaces the current page (a "relaunch"). */
  navigate: (path: string) => void;
  getToken: () => string;
  getLanguage: () => Language;
  /** Wipes token, user info, bill, the query cache and sets the expired flag. */
  expireSession: () => void;
  setMaintainTime: (maintainTime: string) => void;
  /** Translates the client's own messages: 'loginExpired', 'networkError', 'requestTimeout', 'badResponse'. */
  t: (key: ClientMessage) => string;
  now?: () => number;
  timeoutMs?: number;
  baseUrl?: string;
}

export type ClientMessage = 'loginExpired' | 'networkError' | 'requestTimeout' | 'badResponse';

export interface CallOptions {
  /** No toast and no navigation: the caller handles every failure (online-service dialog, update check). */
  silent?: boolean;
  /** Business errors are not toasted (the caller shows them inline); session, maintenance and network handling still apply. */
  quiet?: boolean;
  /** Extra headers; they win over the client's own. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The user action a call to an idempotent endpoint belongs to (`useActionKey()`): its key goes in
   * the Idempotency-Key header, the same for every retry until the server has acted on it.
   */
  action?: ActionKey;
  /**
   * The body of an endpoint declared `file`: its multipart parts in order, text fields before the
   * file (the server reads them first). The input is not sent.
   */
  form?: Record<string, string | Blob>;
}

type PathParams = Record<string, string | number>;

/** A call's arguments after the route: an idempotent endpoint's options name their action. */
export type CallArgs<E extends Route> =
  IsIdempotent<E> extends true
    ? [input: InputOf<E>, params: PathParams | undefined, options: CallOptions & { action: ActionKey }]
    : [input?: InputOf<E>, params?: PathParams, options?: CallOptions];

/** docs/product.md#request-client: error handling is skipped for the login, register and order paths. */
export function skipsErrorHandling(path: string): boolean {
  return path === '/user/login' || path === '/user/register' || /order/i.test(path);
}

interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

export function toFormData(parts: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  return form;
}

function toQuery(input: unknown, t: number | undefined): string {
  const search = new URLSearchParams();
  if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      if (value === undefined || value === null) continue;
      search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  if (t !== undefined) search.set('t', String(t));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createClient(fx: ClientEffects) {
  const timeoutMs = fx.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const baseUrl = fx.baseUrl ?? API_BASE;
  const now = fx.now ?? Date.now;

  async function call<E extends Route>(route: E, ...args: CallArgs<E>): Promise<OutputOf<E>> {
    const [input, params, options = {}] = args as [InputOf<E>?, PathParams?, CallOptions?];
    const method = route.method;
    const data = input ?? {};
    const path = buildPath(route.path, params);
    const queryMode = method === 'GET' || method === 'DELETE';
    const url = `${baseUrl}${path}${queryMode ? toQuery(data, method === 'GET' ? now() : undefined) : ''}`;
    const headers: Record<string, string> = {
      Authorization: fx.getToken() ?? '',
      'Accept-Language': fx.getLanguage(),
      Version: APP_VERSION,
      ...idempotencyHeaders(route, options.action),
      ...options.headers,
    };
    // A multipart body's Content-Type carries its boundary: fetch writes it.
    if (!queryMode && !options.form) headers['Content-Type'] = 'application/json';

    const silent = options.silent === true;
    const skip = silent || skipsErrorHandling(route.path);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    options.signal?.addEventListener('abort', () => controller.abort());

    let response: Response;
    try {
      response = await fx.fetch(url, {
        method,
        headers,
        body: queryMode ? undefined : options.form ? toFormData(options.form) : JSON.stringify(data),
        signal: controller.signal,
      });
    } catch {
      clearTimeout(timer);
      if (timedOut) {
        const message = fx.t('requestTimeout');
        if (!silent) fx.toast(message, ERROR_TOAST_MS);
        throw new ApiError(-1, message, 'timeout');
      }
      const message = fx.t('networkError');
      if (options.signal?.aborted) throw new ApiError(-1, message, 'network');
      if (!silent) fx.navigate(NETWORK_ERROR_PATH);
      throw new ApiError(-1, message, 'network');
    }

    if (response.status < 200 || response.status > 299) {
      clearTimeout(timer);
      const message = fx.t('networkError');
      if (!silent) fx.toast(message, ERROR_TOAST_MS);
      throw new ApiError(-1, message, 'http', response.status);
    }

    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    } finally {
      clearTimeout(timer);
    }
    if (timedOut) {
      const message = fx.t('requestTimeout');
      if (!silent) fx.toast(message, ERROR_TOAST_MS);
      throw new ApiError(-1, message, 'timeout');
    }
    if (!isEnvelope(body)) {
      const message = fx.t('badResponse');
      if (!silent) fx.toast(message, ERROR_TOAST_MS);
      throw new ApiError(-1, message, 'invalid', response.status);
    }

    const { code, msg = '' } = body;
    options.action?.answered(code);
    if (code === SUCCESS_CODE) return body.data as OutputOf<E>;

    if (code === MAINTENANCE_CODE) {
      const maintainTime = (body.data as { maintain_time?: unknown } | null | undefined)?.maintain_time;
      if (!silent) {
        fx.setMaintainTime(typeof maintainTime === 'string' ? maintainTime : '');
        fx.navigate(MAINTENANCE_PATH);
      }
      throw new ApiError(code, msg, 'maintenance');
    }
    if (isSessionCode(code)) {
      if (!skip) {
        // A frozen user is told why they are signed out (the server's message), not that the session expired.
        fx.toast(code === ERROR_CODES.ACCOUNT_FROZEN ? msg : fx.t('loginExpired'), ERROR_TOAST_MS);
        fx.expireSession();
        fx.navigate(SIGN_IN_PATH);
      }
      throw new ApiError(code, msg, 'session');
    }
    if (!skip && options.quiet !== true) fx.toast(msg, BUSINESS_TOAST_MS);
    throw new ApiError(code, msg, 'business');
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createClient>;
