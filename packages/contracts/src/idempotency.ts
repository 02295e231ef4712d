import { ERROR_CODES, SUCCESS_CODE } from './errors.ts';
import type { Route } from './route.ts';

/** The header that names one action of an endpoint declared `idempotent`. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 100;
/**
 * What the server accepts as a key, compared whole: a longer key is refused, never cut (two keys
 * sharing their first characters would name one request). A UUID fits.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,100}$/;

/** The Web Crypto of browsers and Node alike; the contracts compile without DOM or Node types. */
interface WebCrypto {
  randomUUID?: () => string;
  getRandomValues<T extends Uint8Array>(array: T): T;
}

/** A fresh UUID; from getRandomValues where randomUUID is missing (a page served over plain HTTP). */
export function newIdempotencyKey(): string {
  const c = (globalThis as unknown as { crypto: WebCrypto }).crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key of one user action on idempotent endpoints (a purchase confirmed, a withdrawal, an
 * adjustment). Every attempt of the action sends the same key: a double tap, or a retry after a
 * lost answer, a timeout or a server that could not answer, moves money once. The key is spent, and
 * the next attempt is a new action, once the server has acted under it: a success, or
 * IDEMPOTENCY_MISMATCH (the key already names another request). Any other refusal moved nothing,
 * so the key is free for the next try.
 */
export class ActionKey {
  #key: string;

  constructor(key: string = newIdempotencyKey()) {
    this.#key = key;
  }

  get current(): string {
    return this.#key;
  }

  /** Told the code of each answer of the server; the client calls it. */
  answered(code: number): void {
    if (code === SUCCESS_CODE || code === ERROR_CODES.IDEMPOTENCY_MISMATCH) this.#key = newIdempotencyKey();
  }
}

/** The headers a call through `route` adds for its action: the key for an idempotent endpoint, none otherwise. */
export function idempotencyHeaders(route: Route, action: ActionKey | undefined): Record<string, string> {
  if (!route.idempotent) return {};
  if (!action) throw new Error(`${route.method} ${route.path} is idempotent: the call names its ActionKey`);
  return { [IDEMPOTENCY_KEY_HEADER]: action.current };
}
