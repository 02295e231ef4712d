import { ActionKey, ERRORS, MAINTENANCE_CODE, SESSION_CODES, SUCCESS_CODE } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  BUSINESS_TOAST_MS,
  type ClientEffects,
  createClient,
  ERROR_TOAST_MS,
  MAINTENANCE_PATH,
  NETWORK_ERROR_PATH,
  REQUEST_TIMEOUT_MS,
  SIGN_IN_PATH,
} from './client';
import { api } from './routes';

interface Recorded {
  url: string;
  init: RequestInit;
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(respond: (req: Recorded) => Response | Promise<Response>, overrides: Partial<ClientEffects> = {}) {
  const requests: Recorded[] = [];
  const toasts: { message: string; ms: number }[] = [];
  const navigations: string[] = [];
  const events: string[] = [];
  const fx: ClientEffects = {
    fetch: vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const req = { url: String(url), init: init ?? {} };
      requests.push(req);
      return respond(req);
    }) as unknown as typeof fetch,
    toast: (message, ms) => toasts.push({ message, ms }),
    navigate: (path) => navigations.push(path),
    getToken: () => 'tok-123',
    getLanguage: () => 'fr',
    expireSession: () => events.push('expireSession'),
    setMaintainTime: (time) => events.push(`maintain:${time}`),
    t: (key) => `T(${key})`,
    now: () => 1_700_000_000_000,
    ...overrides,
  };
  return { client: createClient(fx), requests, toasts, navigations, events };
}

const ok = (data: unknown) => () => jsonResponse({ code: SUCCESS_CODE, msg: 'ok', data });
const bill = {
  rechargeBalance: '1.00',
  incomeBalance: '2.00',
  uncollected: '0.00',
  points: '0',
  totalAssets: '3.00',
  totalIncome: '0.00',
  totalRecharge: '0.00',
  totalWithdrawal: '0.00',
  todayIncome: '0.00',
  yesterdayIncome: '0.00',
  cumulativeIncome: '0.00',
};

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to reject');
}

describe('request client (docs/product.md#request-client)', () => {
  it('sends Authorization, Accept-Language (the chosen UI language) and Version 1.0.2 on every request', async () => {
    const { client, requests } = setup(ok(bill));
    await client.call(api.wallet.bill, {});
    const headers = requests[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('tok-123');
    expect(headers['Accept-Language']).toBe('fr');
    expect(headers.Version).toBe('1.0.2');
  });

  it('sends an empty Authorization header when no token is stored', async () => {
    const { client, requests } = setup(ok(bill), { getToken: () => '' });
    await client.call(api.wallet.bill, {});
    expect((requests[0]!.init.headers as Record<string, string>).Authorization).toBe('');
  });

  it('prefixes paths with the base /api/v1', async () => {
    const { client, requests } = setup(ok(bill));
    await client.call(api.wallet.bill, {});
    expect(requests[0]!.url.startsWith('/api/v1/bill')).toBe(true);
  });

  it('adds a timestamp query parameter t to GET requests and sends GET input as query data', async () => {
    const { client, requests } = setup(ok(bill));
    await client.call(api.wallet.bill, { version: '1.0.2' } as never);
    const url = new URL(requests[0]!.url, 'http://x');
    expect(requests[0]!.init.method).toBe('GET');
    expect(url.searchParams.get('t')).toBe('1700000000000');
    expect(url.searchParams.get('version')).toBe('1.0.2');
    expect(requests[0]!.init.body).toBeUndefined();
  });

  it('sends an upload as a multipart form, fields before the file, and lets fetch write its Content-Type', async () => {
    const { client, requests } = setup(ok({ url: `/media/${'a'.repeat(32)}.png` }));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    const answer = await client.call(api.uploads.image, {}, undefined, { form: { purpose: 'avatar', file } });
    expect(answer.url).toBe(`/media/${'a'.repeat(32)}.png`);
    const { body, headers, method } = requests[0]!.init;
    expect(method).toBe('POST');
    expect(requests[0]!.url).toBe('/api/v1/uploads');
    expect(body).toBeInstanceOf(FormData);
    expect([...(body as FormData).keys()]).toEqual(['purpose', 'file']);
    expect(((body as FormData).get('file') as File).name).toBe('me.png');
    expect((headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('sends DELETE input as query data without t', async () => {
    const { client, requests } = setup(ok(null));
    const del = { ...api.user.logout, method: 'DELETE' as const, path: '/thing/:id' };
    await client.call(del, { reason: 'x' } as never, { id: 7 });
    const url = new URL(requests[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/v1/thing/7');
    expect(url.searchParams.get('reason')).toBe('x');
    expect(url.searchParams.has('t')).toBe(false);
    expect(requests[0]!.init.body).toBeUndefined();
  });

  it('sends POST input as a JSON string body, without query data', async () => {
    const { client, requests } = setup(ok({ cooldownSeconds: 60 }));
    await client.call(api.user.sendCode, { account: 'a@b.co', purpose: 'register' });
    expect(requests[0]!.init.method).toBe('POST');
    expect(requests[0]!.url).toBe('/api/v1/user/sendCode');
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual({ account: 'a@b.co', purpose: 'register' });
    expect((requests[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends an empty JSON object when a POST has no data', async () => {
    const { client, requests } = setup(ok(null));
    await client.call(api.user.logout);
    expect(requests[0]!.init.body).toBe('{}');
  });

  it('fills :name path segments from params', async () => {
    const { client, requests } = setup(ok(null));
    await client.call({ ...api.user.logout, path: '/payoutAccounts/:id' }, {}, { id: 42 });
    expect(requests[0]!.url).toBe('/api/v1/payoutAccounts/42');
  });
});

describe('error catalogue (docs/product.md#error-catalogue)', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.useRealTimers());

  it('code SUCCESS_CODE is success: the answer is unwrapped to its data, with no side effects', async () => {
    const { client, toasts, navigations, events } = setup(ok(bill));
    await expect(client.call(api.wallet.bill, {})).resolves.toEqual(bill);
    expect(toasts).toEqual([]);
    expect(navigations).toEqual([]);
    expect(events).toEqual([]);
  });

  it('any other code toasts the server message for 5 seconds and rejects with ApiError {code,msg}', async () => {
    const { client, toasts, navigations } = setup(() =>
      jsonResponse({ code: ERRORS.CODE_INVALID.code, msg: 'Code expired, get a new one.', data: null }),
    );
    const error = await rejection(client.call(api.user.sendCode, { account: 'a@b.co', purpose: 'register' }));
    expect(error.code).toBe(ERRORS.CODE_INVALID.code);
    expect(error.msg).toBe('Code expired, get a new one.');
    expect(error.kind).toBe('business');
    expect(toasts).toEqual([{ message: 'Code expired, get a new one.', ms: BUSINESS_TOAST_MS }]);
    expect(BUSINESS_TOAST_MS).toBe(5000);
    expect(navigations).toEqual([]);
  });

  for (const code of SESSION_CODES) {
    const frozen = code === ERRORS.ACCOUNT_FROZEN.code;
    const told = frozen ? 'the server message (the account is frozen)' : "'login expired'";
    it(`code ${code} toasts ${told}, wipes the session, sets the expired flag and goes to sign-in`, async () => {
      const { client, toasts, navigations, events } = setup(() => jsonResponse({ code, msg: 'server', data: null }));
      const error = await rejection(client.call(api.user.info, {}));
      expect(error.code).toBe(code);
      expect(error.kind).toBe('session');
      expect(toasts).toEqual([{ message: frozen ? 'server' : 'T(loginExpired)', ms: ERROR_TOAST_MS }]);
      expect(events).toEqual(['expireSession']);
      expect(navigations).toEqual([SIGN_IN_PATH]);
    });
  }

  it('code MAINTENANCE_CODE stores data.maintain_time and relaunches on the maintenance page', async () => {
    const { client, toasts, navigations, events } = setup(() =>
      jsonResponse({ code: MAINTENANCE_CODE, msg: 'maintenance', data: { maintain_time: '2026-01-01 10:00' } }),
    );
    const error = await rejection(client.call(api.system.appConfig, {}));
    expect(error.code).toBe(MAINTENANCE_CODE);
    expect(events).toEqual(['maintain:2026-01-01 10:00']);
    expect(navigations).toEqual([MAINTENANCE_PATH]);
    expect(toasts).toEqual([]);
  });

  it("HTTP status not 2xx (and not a timeout) toasts 'Network Error' for 3000 ms and rejects", async () => {
    const { client, toasts, navigations } = setup(() => new Response('bad gateway', { status: 502 }));
    const error = await rejection(client.call(api.wallet.bill, {}));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(toasts).toEqual([{ message: 'T(networkError)', ms: 3000 }]);
    expect(navigations).toEqual([]);
  });

  it("a timeout after 60 s aborts the request, toasts 'Request Timeout' for 3000 ms and rejects", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const { client, toasts } = setup(
      (req) =>
        new Promise<Response>((_, reject) => {
          signal = req.init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = rejection(client.call(api.wallet.bill, {}));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(signal?.aborted).toBe(true);
    expect(error.kind).toBe('timeout');
    expect(toasts).toEqual([{ message: 'T(requestTimeout)', ms: 3000 }]);
  });

  it('a fetch failure (offline) goes to the network-error page and rejects', async () => {
    const { client, navigations, toasts } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(client.call(api.wallet.bill, {}));
    expect(error.kind).toBe('network');
    expect(navigations).toEqual([NETWORK_ERROR_PATH]);
    expect(toasts).toEqual([]);
  });

  it('other failures (an answer without a code field) go to the shared handler and reject', async () => {
    const { client, toasts } = setup(() => new Response('<html>oops</html>', { status: 200 }));
    const error = await rejection(client.call(api.wallet.bill, {}));
    expect(error.kind).toBe('invalid');
    expect(toasts).toEqual([{ message: 'T(badResponse)', ms: 3000 }]);
  });

  it('error handling is skipped for the login path: the business error rejects with no toast', async () => {
    const { client, toasts, navigations } = setup(() =>
      jsonResponse({ code: ERRORS.LOGIN_FAILED.code, msg: 'Wrong account or password', data: null }),
    );
    const error = await rejection(client.call(api.user.login, { account: 'a@b.co', password: 'x' }));
    expect(error).toMatchObject({ code: ERRORS.LOGIN_FAILED.code, msg: 'Wrong account or password' });
    expect(toasts).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('error handling is skipped for the register path', async () => {
    const { client, toasts, events } = setup(() =>
      jsonResponse({ code: ERRORS.SESSION_UNKNOWN.code, msg: 'x', data: null }),
    );
    await rejection(
      client.call(api.user.register, {
        account: 'a@b.co',
        code: '123456',
        password: 'secret1',
        repeatPassword: 'secret1',
        agree: true,
      }),
    );
    expect(toasts).toEqual([]);
    expect(events).toEqual([]);
  });

  it('error handling is skipped for order paths', async () => {
    const { client, toasts } = setup(() =>
      jsonResponse({ code: ERRORS.OUT_OF_STOCK.code, msg: 'Sold out', data: null }),
    );
    const orders = { ...api.user.logout, path: '/orders' };
    const error = await rejection(client.call(orders, {}));
    expect(error.msg).toBe('Sold out');
    expect(toasts).toEqual([]);
  });

  it('online-service code not SUCCESS_CODE: a silent call rejects with no toast and no navigation', async () => {
    const { client, toasts, navigations, events } = setup(() =>
      jsonResponse({ code: ERRORS.INTERNAL.code, msg: 'x', data: null }),
    );
    const error = await rejection(client.call(api.system.onlineService, {}, undefined, { silent: true }));
    expect(error.code).toBe(ERRORS.INTERNAL.code);
    expect(toasts).toEqual([]);
    expect(navigations).toEqual([]);
    expect(events).toEqual([]);
  });
});

describe('Idempotency-Key: one key per user action, on the endpoints declared idempotent', () => {
  const keyOf = (req: Recorded) => (req.init.headers as Record<string, string>)['Idempotency-Key'];
  const envelopeOf = (code: number) => () => jsonResponse({ code, msg: 'x', data: null });
  /** Answers the requests in turn. */
  const inTurn = (...answers: ((req: Recorded) => Response)[]) => {
    let next = 0;
    return (req: Recorded) => (answers[next++] as (req: Recorded) => Response)(req);
  };
  const purchase = (client: ReturnType<typeof setup>['client'], action: ActionKey) =>
    client.call(api.products.purchase, { productId: 7 }, undefined, { action }).catch(() => undefined);

  it("is sent with the action's key to an idempotent endpoint, and to no other", async () => {
    const { client, requests } = setup(ok(null));
    const action = new ActionKey();
    const key = action.current;
    await purchase(client, action);
    await client.call(api.user.sendCode, { account: 'a@b.co', purpose: 'register' });
    expect(keyOf(requests[0]!)).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requests[1]!.init.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('a double tap and every retry of the action send the same key, whatever became of the attempt before', async () => {
    const { client, requests } = setup(
      inTurn(
        () => {
          throw new TypeError('Failed to fetch');
        },
        () => new Response('bad gateway', { status: 502 }),
        () => new Response('<html>cut</html>', { status: 200 }),
        envelopeOf(ERRORS.BUSY.code),
        envelopeOf(ERRORS.INTERNAL.code),
        envelopeOf(ERRORS.INSUFFICIENT_BALANCE.code),
        ok(null),
        ok(null),
      ),
    );
    const action = new ActionKey();
    for (let attempt = 0; attempt < 6; attempt++) await purchase(client, action);
    await Promise.all([purchase(client, action), purchase(client, action)]);
    expect(new Set(requests.map(keyOf)).size).toBe(1);
    expect(requests).toHaveLength(8);
  });

  it('the next action, once the server has acted on the key, sends a new one', async () => {
    const { client, requests } = setup(inTurn(ok(null), envelopeOf(ERRORS.IDEMPOTENCY_MISMATCH.code), ok(null)));
    const action = new ActionKey();
    for (let attempt = 0; attempt < 3; attempt++) await purchase(client, action);
    const keys = requests.map(keyOf);
    expect(new Set(keys).size).toBe(3);
  });

  it('separate actions send separate keys', async () => {
    const { client, requests } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await purchase(client, new ActionKey());
    await purchase(client, new ActionKey());
    expect(keyOf(requests[0]!)).not.toBe(keyOf(requests[1]!));
  });
});
