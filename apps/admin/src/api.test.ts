// @vitest-environment jsdom
import { ActionKey, adminApi, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, getToken, NETWORK_ERROR, onSessionInvalid, setToken, toQuery } from './api.ts';

function answer(body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status: 200 }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('toQuery', () => {
  it('leaves out empty values', () => {
    expect(toQuery({ q: 'a b', cursor: undefined, limit: 20, x: '' })).toBe('?q=a+b&limit=20');
    expect(toQuery({})).toBe('');
  });
});

describe('call', () => {
  it('sends GET input as a query string with the token and language', async () => {
    const fetch = answer({ code: SUCCESS_CODE, msg: 'success', data: { items: [], nextCursor: null } });
    vi.stubGlobal('fetch', fetch);
    setToken('tok');
    const data = await call(adminApi.admin.users, { q: 'ann', limit: 5 });
    expect(data).toEqual({ items: [], nextCursor: null });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/admin/api/v1/users?q=ann&limit=5');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Accept-Language']).toBe('en');
  });

  it('fills path parameters and sends a JSON body otherwise', async () => {
    const fetch = answer({ code: SUCCESS_CODE, msg: 'success', data: null });
    vi.stubGlobal('fetch', fetch);
    await call(adminApi.admin.freezeUser, {}, { id: 7 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/admin/api/v1/users/7/freeze');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{}');
  });

  it('rejects with the code and message of a business error', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ code: ERRORS.ADMIN_FORBIDDEN.code, msg: 'Your role does not allow this.', data: null }),
    );
    await expect(call(adminApi.admin.admins, {})).rejects.toMatchObject({
      code: ERRORS.ADMIN_FORBIDDEN.code,
      msg: 'Your role does not allow this.',
    });
  });

  it('wipes the token and tells listeners when the session is invalid', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ code: ERRORS.ADMIN_SESSION_INVALID.code, msg: 'Please sign in again.', data: null }),
    );
    setToken('old');
    const listener = vi.fn();
    const stop = onSessionInvalid(listener);
    await expect(call(adminApi.admin.me, {})).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(getToken()).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('reports a network failure with what to do', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(call(adminApi.admin.me, {})).rejects.toMatchObject({ code: NETWORK_ERROR });
  });
});

describe('Idempotency-Key', () => {
  const adjustment = { wallet: 'deposit' as const, amount: '5.00', reason: 'refund' };
  const keyOf = (init: RequestInit | undefined) =>
    (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

  it("goes with the action's key to an idempotent endpoint, and to no other", async () => {
    const fetch = answer({ code: SUCCESS_CODE, msg: 'success', data: { balance: '5.00' } });
    vi.stubGlobal('fetch', fetch);
    const action = new ActionKey();
    const key = action.current;
    await call(adminApi.products.adjust, adjustment, { id: 7 }, { action });
    await call(adminApi.admin.freezeUser, {}, { id: 7 });
    expect(keyOf(fetch.mock.calls[0]?.[1])).toBe(key);
    expect(fetch.mock.calls[1]?.[1]?.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('is the same when the adjustment is confirmed again after a lost answer, and new once it is made', async () => {
    let attempt = 0;
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ code: SUCCESS_CODE, msg: 'success', data: { balance: '5.00' } }));
    });
    vi.stubGlobal('fetch', fetch);
    const action = new ActionKey();
    await expect(call(adminApi.products.adjust, adjustment, { id: 7 }, { action })).rejects.toMatchObject({
      code: NETWORK_ERROR,
    });
    await call(adminApi.products.adjust, adjustment, { id: 7 }, { action });
    await call(adminApi.products.adjust, adjustment, { id: 7 }, { action });
    const [lost, retry, next] = fetch.mock.calls.map(([, init]) => keyOf(init));
    expect(retry).toBe(lost);
    expect(next).not.toBe(lost);
  });
});
