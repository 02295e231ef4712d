import {
  type ActionKey,
  ADMIN_API_BASE,
  type AdminRole,
  buildPath,
  type Endpoint,
  ERRORS,
  FIELD_NAMES,
  type InputOf,
  type IsIdempotent,
  idempotencyHeaders,
  interpolate,
  isErrorKey,
  type OutputOf,
  SUCCESS_CODE,
} from '@app/contracts';
import type { z } from 'zod';

/** The admin session code: the token is unknown, expired or revoked. */
export const ADMIN_SESSION_INVALID = ERRORS.ADMIN_SESSION_INVALID.code;
/** The admin's role does not allow this endpoint. */
export const ADMIN_FORBIDDEN = ERRORS.ADMIN_FORBIDDEN.code;
/** Client-side codes: the request never got an envelope back. */
export const NETWORK_ERROR = 0;
export const BAD_RESPONSE = -1;

export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  constructor(code: number, msg: string) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
  }
}

const TOKEN_KEY = 'admin.token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): the session lasts as long as the tab
  }
}

type Listener = () => void;
const sessionListeners = new Set<Listener>();

/** Called whenever the server says the back-office session is gone (code ADMIN_SESSION_INVALID). */
export function onSessionInvalid(listener: Listener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** Serializes GET input as a query string; empty values are left out. */
export function toQuery(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Message of a zod issue: issue messages are keys of the shared ERRORS table, whose texts may
 * name the field ("Please enter {field}.").
 */
export function issueText(message: string, field?: string): string {
  if (!isErrorKey(message)) return message;
  const name = field ?? 'this field';
  return interpolate(ERRORS[message].msg.en, { field: name, name });
}

/** The display name of an input field from the shared FIELD_NAMES table. */
export function fieldName(path: PropertyKey | undefined): string | undefined {
  return typeof path === 'string' ? (FIELD_NAMES[path]?.en ?? path) : undefined;
}

/** Path parameters of an endpoint (e.g. `{ id }`), or undefined when its path has none. */
export type CallParams<E extends Endpoint> = [Exclude<E['params'], undefined>] extends [never]
  ? undefined
  : z.output<Exclude<E['params'], undefined>>;

export interface CallOptions {
  signal?: AbortSignal;
  /** The operator's action a call to an idempotent endpoint belongs to: its key, the same for every retry. */
  action?: ActionKey;
  /**
   * The body of an endpoint declared `file`: its multipart parts in order, text fields before the
   * file (the server reads them first). The input is not sent.
   */
  form?: Record<string, string | Blob>;
}

function toFormData(parts: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  return form;
}

/** A call's arguments after the endpoint: an idempotent endpoint's options name their action. */
export type CallArgs<E extends Endpoint> =
  IsIdempotent<E> extends true
    ? [input: InputOf<E>, params: CallParams<E>, options: CallOptions & { action: ActionKey }]
    : [input: InputOf<E>, params?: CallParams<E>, options?: CallOptions];

/**
 * Calls one back-office endpoint of the contracts package. Resolves with `data` on code SUCCESS_CODE,
 * rejects with ApiError(code, msg) otherwise.
 */
export async function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<OutputOf<E>> {
  const [input, params, options = {}] = args as [InputOf<E>, CallParams<E>?, CallOptions?];
  const path = buildPath(endpoint.path, params as Record<string, string | number> | undefined);
  const queryStyle = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  const url = `${ADMIN_API_BASE}${path}${queryStyle ? toQuery(input) : ''}`;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': 'en',
    ...idempotencyHeaders(endpoint, options.action),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A multipart body's Content-Type carries its boundary: fetch writes it.
  if (!queryStyle && !options.form) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: queryStyle ? undefined : options.form ? toFormData(options.form) : JSON.stringify(input ?? {}),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 'Cannot reach the server.');
  }

  let body: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new ApiError(BAD_RESPONSE, `The server answered HTTP ${response.status} without a readable body.`);
  }
  if (typeof body?.code !== 'number') {
    throw new ApiError(BAD_RESPONSE, `Unexpected answer from the server (HTTP ${response.status}).`);
  }
  options.action?.answered(body.code);
  if (body.code !== SUCCESS_CODE) {
    if (body.code === ADMIN_SESSION_INVALID) {
      setToken(null);
      for (const listener of sessionListeners) listener();
    }
    const msg = typeof body.msg === 'string' && body.msg ? body.msg : `Error ${body.code}`;
    throw new ApiError(body.code, msg);
  }
  return body.data as OutputOf<E>;
}

/** Whether an admin with `role` may call `endpoint` (owner may do everything). */
export function allowed(role: AdminRole | undefined, endpoint: Pick<Endpoint, 'roles'>): boolean {
  if (!role) return false;
  if (role === 'owner') return true;
  return endpoint.roles === undefined || endpoint.roles.includes(role);
}

/** A readable message for any thrown value. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === ADMIN_FORBIDDEN) return `${error.msg} Ask an owner for access.`;
    return error.msg;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}
