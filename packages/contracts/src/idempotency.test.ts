import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS, SUCCESS_CODE } from './errors.ts';
import { ActionKey, IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from './idempotency.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Idempotency-Key', () => {
  it('a new key is a fresh UUID, in the format the server accepts', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(UUID_V4);
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('a page served without randomUUID (plain HTTP) still draws a UUID', () => {
    const { crypto } = globalThis as unknown as { crypto: { getRandomValues: (array: Uint8Array) => Uint8Array } };
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => crypto.getRandomValues(array) });
    expect(newIdempotencyKey()).toMatch(UUID_V4);
  });

  it('an action keeps its key until the server acts on it: a success, or the key already used for another request', () => {
    const action = new ActionKey();
    const first = action.current;
    for (const code of [ERRORS.INTERNAL.code, ERRORS.BUSY.code, ERRORS.INSUFFICIENT_BALANCE.code]) {
      action.answered(code);
      expect(action.current).toBe(first);
    }
    action.answered(SUCCESS_CODE);
    const second = action.current;
    expect(second).not.toBe(first);
    action.answered(ERRORS.IDEMPOTENCY_MISMATCH.code);
    expect(action.current).not.toBe(second);
  });
});
