import { randomUUID } from 'node:crypto';
import {
  ADMIN_API_BASE,
  API_BASE,
  adminApi,
  api,
  buildPath,
  CONFIG_KEYS,
  type Endpoint,
  ERRORS,
  endpointBase,
  INTEGER_COLUMN_MAX,
  LANGUAGES,
  parseInput,
  SUCCESS_CODE,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN, createProduct, lastCode, nextAccount, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;
let user: { account: string; password: string; id: number };

beforeAll(async () => {
  // Injected requests come from loopback: trusted, it lets each case name its own client address.
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  const signed = await signUp(t);
  user = { account: signed.account, password: signed.password, id: signed.user.id };
  userToken = signed.token;
  adminToken = await signInOwner(t);
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Every endpoint of the contracts, found by iterating them, so a new endpoint is covered at once.

interface Named {
  name: string;
  endpoint: Endpoint;
}

const ENDPOINTS: Named[] = [
  ...Object.entries(api).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `api.${group}.${name}`,
      endpoint,
    })),
  ),
  ...Object.entries(adminApi).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `adminApi.${group}.${name}`,
      endpoint,
    })),
  ),
];

const HUGE = 'x'.repeat(100 * 1024);
/** PostgreSQL's text refuses NUL; a lone UTF-16 surrogate is no character at all. Long enough for a password. */
const WITH_NUL = 'text\u0000text';
const LONE_SURROGATE = 'text\ud800text';
/** An integer JSON cannot carry exactly, and the first one an integer column cannot hold. */
const PAST_SAFE = Number.MAX_SAFE_INTEGER + 2;
const PAST_INTEGER_COLUMN = INTEGER_COLUMN_MAX + 1;
const OVER_LIMIT = 'y'.repeat(300 * 1024);
const WRONG_VALUES: [string, unknown][] = [
  ['a number', 7],
  ['a negative number', -1],
  ['a boolean', true],
  ['an array', ['a', 'b']],
  ['an object', { nested: { deep: 1 } }],
  ['null', null],
  ['an empty string', ''],
  ['a 100 kB string', HUGE],
];

/** The field names a schema declares (object schemas, with or without refinements). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** A strict object schema refuses unknown keys (its catch-all is `never`). */
function isStrict(schema: z.ZodType): boolean {
  const def = (schema as unknown as { _zod: { def: { catchall?: { _zod: { def: { type: string } } } } } })._zod.def;
  return def.catchall?._zod.def.type === 'never';
}

/** Whether the server registered a route for the endpoint (its contract exists either way). */
function served(endpoint: Endpoint): boolean {
  return t.app.hasRoute({ method: endpoint.method, url: endpointBase(endpoint) + endpoint.path });
}

const isQuery = (endpoint: Endpoint) => endpoint.method === 'GET' || endpoint.method === 'DELETE';

/** Path parameters that exist, so that the body (not the path) is what is being tested. */
function validParams(endpoint: Endpoint): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of fieldsOf(endpoint.params)) params[name] = name === 'id' ? '2147483647' : 'housekeeping';
  return params;
}

function tokenFor(endpoint: Endpoint): string | undefined {
  if (endpoint.access === 'user') return userToken;
  if (endpoint.access === 'admin') return adminToken;
  return undefined;
}

let ipCounter = 0;
interface RawRequest {
  params?: Record<string, string>;
  /** A JSON value sent as the body; `undefined` sends no body at all. */
  body?: unknown;
  /** Raw body text, sent as is with `contentType`. */
  text?: string;
  contentType?: string;
  query?: Record<string, string | string[]>;
  lang?: string;
}

/**
 * Calls an endpoint with exactly the given bytes, as a misbehaving client would; with a fresh
 * Idempotency-Key where the endpoint requires one, so the body is what is judged.
 */
async function raw(endpoint: Endpoint, request: RawRequest) {
  ipCounter += 1;
  const headers: Record<string, string> = {
    // A distinct client address per request keeps per-IP rate limits out of the way.
    'x-forwarded-for': `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    ...(endpoint.idempotent ? { 'idempotency-key': randomUUID() } : {}),
  };
  const token = tokenFor(endpoint);
  if (token) headers.authorization = token;
  if (request.lang) headers['accept-language'] = request.lang;
  let payload: string | undefined;
  if (request.text !== undefined) {
    payload = request.text;
    headers['content-type'] = request.contentType ?? 'application/json';
  } else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  const url = endpointBase(endpoint) + buildPath(endpoint.path, request.params ?? validParams(endpoint));
  const response = await t.app.inject({
    method: endpoint.method,
    url,
    headers,
    ...(request.query ? { query: request.query } : {}),
    ...(payload !== undefined ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: unknown } };
}

/** Puts back what a case may have changed: sessions, the clock, the user's status. */
async function restore() {
  await t.services.config.reset(CONFIG_KEYS);
  t.clock.set(new Date());
  if ((await t.call(api.user.info, {}, { token: userToken })).code !== SUCCESS_CODE) {
    await t.services.accounts.setStatus(user.id, 'active', { adminId: null, ip: '' });
    userToken = (await t.ok(api.user.login, { account: user.account, password: user.password })).token;
  }
  if ((await t.call(adminApi.admin.me, {}, { token: adminToken })).code !== SUCCESS_CODE) {
    adminToken = `Bearer ${(await t.ok(adminApi.admin.login, ADMIN)).token}`;
  }
}

interface Case {
  label: string;
  request: RawRequest;
  /** Whether the contract itself refuses this input (then the answer must not be a success). */
  refused: boolean;
}

function accepts(schema: z.ZodType | undefined, value: unknown): boolean {
  return !schema || parseInput(schema, value ?? {}).success;
}

function casesFor(endpoint: Endpoint): Case[] {
  const fields = fieldsOf(endpoint.input);
  const probeFields = fields.length > 0 ? fields : ['unexpected'];
  const cases: Case[] = [];
  if (isQuery(endpoint)) {
    const add = (label: string, query: Record<string, string | string[]>) =>
      cases.push({ label, request: { query }, refused: !accepts(endpoint.input, query) });
    add('no query at all', {});
    add('only the ignored cache-buster t', { t: String(Date.now()) });
    for (const field of probeFields) {
      add(`${field} empty`, { [field]: '' });
      add(`${field} not a number`, { [field]: 'abc' });
      add(`${field} repeated (an array)`, { [field]: ['1', '2'] });
      add(`${field} of 100 kB`, { [field]: HUGE });
      add(`${field} a negative number`, { [field]: '-5' });
      // Text fields may take these digits; integer ones must refuse them before any statement.
      add(`${field} past the integer column`, { [field]: String(PAST_INTEGER_COLUMN) });
      add(`${field} past 2^53`, { [field]: String(PAST_SAFE) });
      cases.push({ label: `${field} with a NUL`, request: { query: { [field]: WITH_NUL } }, refused: true });
    }
  } else {
    const add = (label: string, body: unknown) =>
      cases.push({ label, request: { body }, refused: !accepts(endpoint.input, body) });
    cases.push({ label: 'no body at all', request: {}, refused: !accepts(endpoint.input, undefined) });
    add('{}', {});
    add('a JSON array body', [1, 2]);
    add('a JSON string body', 'hello');
    add('a JSON number body', 42);
    add('a JSON null body', null);
    for (const field of probeFields) {
      for (const [what, value] of WRONG_VALUES) add(`${field} is ${what}`, { [field]: value });
      add(`${field} past the integer column`, { [field]: PAST_INTEGER_COLUMN });
      // No field takes these, whatever its type: the contract refuses them before any statement. A
      // key the schema does not declare is dropped, and with it a number, but never unstorable text.
      cases.push({
        label: `${field} is past 2^53`,
        request: { body: { [field]: PAST_SAFE } },
        refused: fields.includes(field),
      });
      cases.push({ label: `${field} is text with a NUL`, request: { body: { [field]: WITH_NUL } }, refused: true });
      cases.push({
        label: `${field} is text with a lone surrogate`,
        request: { body: { [field]: LONE_SURROGATE } },
        refused: true,
      });
    }
    // Nested text too (localized names, lists): every field at once.
    for (const [what, value] of [
      ['a list holding text with a NUL', [WITH_NUL]],
      ['an object holding a lone surrogate', { en: LONE_SURROGATE }],
    ] as const) {
      cases.push({
        label: `every field is ${what}`,
        request: { body: Object.fromEntries(probeFields.map((field) => [field, value])) },
        refused: true,
      });
    }
    if (endpoint.method === 'PUT') {
      cases.push({ label: 'an edit of nothing ({})', request: { body: {} }, refused: true });
    }
    for (const [what, value] of WRONG_VALUES) {
      add(`every field is ${what}`, Object.fromEntries(probeFields.map((field) => [field, value])));
    }
    if (isStrict(endpoint.input)) add('an unknown field (strict schema)', { notAField: 1 });
    cases.push({ label: 'malformed JSON', request: { text: '{"account": "a@b.co", ' }, refused: true });
    cases.push({ label: 'JSON with a trailing comma', request: { text: '{"a": 1,}' }, refused: true });
    cases.push({
      label: 'a text/plain body',
      request: { text: 'account=a@b.co', contentType: 'text/plain' },
      refused: true,
    });
    cases.push({
      label: 'a form-encoded body',
      request: { text: 'account=a%40b.co', contentType: 'application/x-www-form-urlencoded' },
      refused: true,
    });
    cases.push({
      label: 'a body over the 256 kB limit',
      request: { body: Object.fromEntries(probeFields.map((field) => [field, OVER_LIMIT])) },
      refused: true,
    });
  }
  for (const name of fieldsOf(endpoint.params)) {
    for (const bad of ['abc', '-1', '0', '1.5', '1e3', '99999999999999', ' ', String(PAST_INTEGER_COLUMN), WITH_NUL]) {
      const params = { ...validParams(endpoint), [name]: bad };
      cases.push({
        label: `path parameter ${name}=${JSON.stringify(bad)}`,
        request: { params, ...(isQuery(endpoint) ? {} : { body: {} }) },
        refused: !accepts(endpoint.params, params),
      });
    }
  }
  return cases;
}

/** What input the contract refuses answers: a field's own check, or the request's shape. */
const INPUT_ERRORS: readonly number[] = (
  [
    'INVALID_INPUT',
    'FIELD_REQUIRED',
    'FIELD_TOO_LONG',
    'EMAIL_INVALID',
    'PHONE_INVALID',
    'ACCOUNT_FORMAT',
    'PASSWORDS_MISMATCH',
    'PASSWORD_WEAK',
    'AGREEMENT_REQUIRED',
    'TEAM_NAME_REQUIRED',
    'PAY_PASSWORD_FORMAT',
    'CODE_FORMAT',
    'PAY_PASSWORDS_MISMATCH',
    'BAD_JSON',
    'TEXT_UNSTORABLE',
    'NOTHING_TO_CHANGE',
  ] as const
).map((key) => ERRORS[key].code);

describe('bad input on every endpoint answers a clear code and message, never a crash', () => {
  it('the contracts list every endpoint the server serves', () => {
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(25);
    expect(ENDPOINTS.map((e) => e.name)).toContain('adminApi.admin.putConfig');
  });

  it('every endpoint of the contracts is served', () => {
    expect(ENDPOINTS.filter(({ endpoint }) => !served(endpoint)).map(({ name }) => name)).toEqual([]);
  });

  for (const { name, endpoint } of ENDPOINTS) {
    it(`${name} (${endpoint.method} ${endpoint.path})`, async (context) => {
      // An endpoint not served yet fails the test above, once, rather than every case here.
      if (!served(endpoint)) context.skip();
      const problems: string[] = [];
      for (const testCase of casesFor(endpoint)) {
        const { status, body } = await raw(endpoint, testCase.request);
        const where = `${testCase.label}: HTTP ${status} ${JSON.stringify(body).slice(0, 200)}`;
        if (status !== 200) problems.push(`not HTTP 200 — ${where}`);
        if (typeof body.code !== 'number' || body.code === ERRORS.INTERNAL.code) problems.push(`crash — ${where}`);
        if (testCase.refused && body.code === SUCCESS_CODE) problems.push(`accepted bad input — ${where}`);
        if (body.code !== SUCCESS_CODE) {
          if (typeof body.msg !== 'string' || body.msg.trim().length === 0) problems.push(`empty msg — ${where}`);
          else if (/\{\w+\}/.test(body.msg) || /^\s/.test(body.msg)) problems.push(`unfinished msg — ${where}`);
        }
        if (testCase.refused && !INPUT_ERRORS.includes(body.code)) {
          problems.push(`refused input without an input error code — ${where}`);
        }
        // Only an accepted call can have changed anything (signed out, frozen, reconfigured).
        if (body.code === SUCCESS_CODE) await restore();
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }
});

describe('input that would reach the database is refused first, with a clear message', () => {
  const admin = (path: string) => ({ method: 'GET' as const, url: `${ADMIN_API_BASE}${path}` });
  const answerOf = async (request: { method: 'GET' | 'PUT'; url: string; payload?: object }) =>
    (await t.app.inject({ ...request, headers: { authorization: adminToken } })).json();

  it('a search with a NUL byte answers TEXT_UNSTORABLE naming the field, where PostgreSQL would have failed', async () => {
    expect(await answerOf(admin('/users?q=ab%00cd'))).toEqual({
      code: ERRORS.TEXT_UNSTORABLE.code,
      msg: 'q contains an invalid character.',
      data: null,
    });
    const deposit = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/deposits/abc%00def`,
      headers: { authorization: userToken, 'accept-language': 'fr' },
    });
    expect(deposit.json()).toEqual({
      code: ERRORS.TEXT_UNSTORABLE.code,
      msg: 'transId contient un caractère non valide.',
      data: null,
    });
  });

  it('a product name with a lone surrogate is refused, not stored as a replacement character', async () => {
    const product = await createProduct(t, { name: { en: 'Miner' } });
    const answer = await answerOf({
      method: 'PUT',
      url: `${ADMIN_API_BASE}/products/${product.id}`,
      payload: { name: { en: 'Miner \ud800' } },
    });
    expect(answer).toMatchObject({ code: ERRORS.TEXT_UNSTORABLE.code, msg: 'Name contains an invalid character.' });
    const [stored] = (await t.ok(adminApi.products.products, {}, { token: adminToken })).filter(
      (p) => p.id === product.id,
    );
    expect(stored?.nameI18n.en).toBe('Miner');
  });

  it('an id past the integer column, as a filter or a cursor, answers INVALID_INPUT', async () => {
    for (const path of ['/orders?userId=2147483648', '/holdings?userId=2147483648', '/users?cursor=2147483648']) {
      expect(await answerOf(admin(path)), path).toMatchObject({ code: ERRORS.INVALID_INPUT.code });
    }
    expect((await answerOf(admin('/users?cursor=2147483647'))).code).toBe(SUCCESS_CODE);
  });

  it('an edit of nothing to an existing admin or product answers NOTHING_TO_CHANGE and changes nothing', async () => {
    const me = await t.ok(adminApi.admin.me, {}, { token: adminToken });
    const product = await createProduct(t);
    for (const url of [`${ADMIN_API_BASE}/admins/${me.id}`, `${ADMIN_API_BASE}/products/${product.id}`]) {
      expect(await answerOf({ method: 'PUT', url, payload: {} }), url).toEqual({
        code: ERRORS.NOTHING_TO_CHANGE.code,
        msg: ERRORS.NOTHING_TO_CHANGE.msg.en,
        data: null,
      });
    }
    const audit = await t.ok(adminApi.admin.audit, { q: `product:${product.id}` }, { token: adminToken });
    expect(audit.items.map((row) => row.action)).toEqual(['product.create']);
  });
});

describe('sessions come before validation', () => {
  it('an anonymous call with bad input to a user endpoint is told to sign in first', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/location`,
      payload: { latitude: 'north' },
    });
    expect(answer.json()).toMatchObject({ code: ERRORS.SESSION_MISSING.code });
  });

  it('a back-office call with bad input and no token answers ADMIN_SESSION_INVALID', async () => {
    const answer = await t.app.inject({ method: 'PUT', url: `${ADMIN_API_BASE}/config`, payload: { nope: 1 } });
    expect(answer.json()).toMatchObject({ code: ERRORS.ADMIN_SESSION_INVALID.code });
  });
});

describe('field rules answer their exact code and message', () => {
  it('a malformed email is refused with EMAIL_INVALID "Email address invalid."', async () => {
    for (const account of ['plainaddress@', 'a@b', 'no-at-sign.example.com@x', 'spaces in@example.com']) {
      const answer = await t.call(api.user.sendCode, { account, purpose: 'register' });
      expect(answer, account).toMatchObject({ code: ERRORS.EMAIL_INVALID.code, msg: 'Email address invalid.' });
    }
  });

  it('a phone number too short for the configured digits is refused with PHONE_INVALID', async () => {
    const answer = await t.call(api.user.sendCode, { account: '0801234', purpose: 'register' }, { lang: 'fr' });
    expect(answer).toMatchObject({
      code: ERRORS.PHONE_INVALID.code,
      msg: ERRORS.PHONE_INVALID.msg.fr.replace('{min}', '10'),
    });
    const register = await t.call(api.user.register, {
      account: '12345',
      code: '123456',
      password: 'secret123',
      repeatPassword: 'secret123',
      agree: true,
    });
    expect(register.code).toBe(ERRORS.PHONE_INVALID.code);
  });

  it('mismatched passwords are refused with PASSWORDS_MISMATCH before the code is checked', async () => {
    const answer = await t.call(api.user.register, {
      account: nextAccount(),
      code: '123456',
      password: 'secret123',
      repeatPassword: 'secret124',
      agree: true,
    });
    expect(answer.code).toBe(ERRORS.PASSWORDS_MISMATCH.code);
    expect(answer.msg).toBe(ERRORS.PASSWORDS_MISMATCH.msg.en);
  });

  it('sign-up without accepting the agreement is refused with AGREEMENT_REQUIRED', async () => {
    const form = { account: nextAccount(), code: '123456', password: 'secret123', repeatPassword: 'secret123' };
    for (const agree of [false, 'true', 1, undefined]) {
      const answer = await t.call(api.user.register, { ...form, agree } as never);
      expect(answer, String(agree)).toMatchObject({
        code: ERRORS.AGREEMENT_REQUIRED.code,
        msg: ERRORS.AGREEMENT_REQUIRED.msg.en,
      });
    }
  });

  it('a code used once cannot be used again: sign-up answers ACCOUNT_EXISTS, reset answers CODE_EXPIRED', async () => {
    const { account } = await signUp(t);
    const registerCode = await lastCode(t, account);
    const again = await t.call(api.user.register, {
      account,
      code: registerCode,
      password: 'secret123',
      repeatPassword: 'secret123',
      agree: true,
    });
    expect(again.code).toBe(ERRORS.ACCOUNT_EXISTS.code);

    await t.ok(api.user.sendCode, { account, purpose: 'reset' });
    const resetCode = await lastCode(t, account);
    const form = { account, code: resetCode, password: 'another1', repeatPassword: 'another1' };
    await t.ok(api.user.resetPassword, form);
    const reused = await t.call(api.user.resetPassword, { ...form, password: 'another2', repeatPassword: 'another2' });
    expect(reused).toMatchObject({ code: ERRORS.CODE_EXPIRED.code, msg: ERRORS.CODE_EXPIRED.msg.en });
  });

  it('an expired code answers CODE_EXPIRED', async () => {
    const account = nextAccount();
    await t.ok(api.user.sendCode, { account, purpose: 'register' });
    const code = await lastCode(t, account);
    t.clock.advance(10 * 60 + 5);
    try {
      const answer = await t.call(api.user.register, {
        account,
        code,
        password: 'secret123',
        repeatPassword: 'secret123',
        agree: true,
      });
      expect(answer).toMatchObject({ code: ERRORS.CODE_EXPIRED.code, msg: ERRORS.CODE_EXPIRED.msg.en });
    } finally {
      t.clock.set(new Date());
    }
  });

  it('a missing field answers FIELD_REQUIRED naming the field in the reader’s language', async () => {
    const cases: [string, string][] = [
      ['en', 'Please enter Password.'],
      ['fr', 'Veuillez saisir Mot de passe.'],
      ['zh', '请输入密码'],
      ['es', 'Introduce Contraseña.'],
    ];
    for (const [lang, msg] of cases) {
      const answer = await t.call(api.user.login, { account: 'someone@example.com' } as never, { lang });
      expect(answer, lang).toEqual({ code: ERRORS.FIELD_REQUIRED.code, msg, data: null });
    }
    const fr = await t.call(api.user.sendCode, { purpose: 'register' } as never, { lang: 'fr-FR,fr;q=0.9' });
    expect(fr).toMatchObject({ code: ERRORS.FIELD_REQUIRED.code, msg: 'Veuillez saisir E-mail ou téléphone.' });
    const zh = await t.call(api.user.register, { account: nextAccount() } as never, { lang: 'zh-CN' });
    expect(zh).toMatchObject({ code: ERRORS.FIELD_REQUIRED.code, msg: '请输入验证码' });
  });

  it('a field that is too long answers FIELD_TOO_LONG', async () => {
    const answer = await t.call(api.user.login, { account: HUGE, password: 'whatever1' });
    expect(answer).toMatchObject({ code: ERRORS.FIELD_TOO_LONG.code, msg: 'Email or phone is too long.' });
  });
});

describe('messages in six languages', () => {
  it('every error of the table has a message in each of the six languages', () => {
    for (const [key, def] of Object.entries(ERRORS)) {
      for (const lang of LANGUAGES) expect(def.msg[lang]?.trim(), `${key} ${lang}`).toBeTruthy();
      expect(Object.keys(def.msg).sort(), key).toEqual([...LANGUAGES].sort());
    }
  });

  it('error codes are unique', () => {
    const codes = Object.values(ERRORS).map((def) => def.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('the message follows Accept-Language in en, es, fr, vi, th and zh', async () => {
    const expected: Record<string, string> = {
      en: 'Email address invalid.',
      es: 'Dirección de correo no válida.',
      fr: 'Adresse e-mail invalide.',
      vi: 'Địa chỉ email không hợp lệ.',
      th: 'ที่อยู่อีเมลไม่ถูกต้อง',
      zh: '邮箱地址无效',
    };
    for (const lang of LANGUAGES) {
      const answer = await t.call(api.user.sendCode, { account: 'bad@email', purpose: 'register' }, { lang });
      expect(answer, lang).toEqual({ code: ERRORS.EMAIL_INVALID.code, msg: expected[lang], data: null });
      expect(answer.msg).toBe(ERRORS.EMAIL_INVALID.msg[lang]);
    }
  });

  it('an unsupported language falls back to English', async () => {
    for (const lang of ['de', 'de-DE,de;q=0.9', 'xx', '*']) {
      const answer = await t.call(api.user.sendCode, { account: 'bad@email', purpose: 'register' }, { lang });
      expect(answer.msg, lang).toBe('Email address invalid.');
    }
    const preferred = await t.call(
      api.user.sendCode,
      { account: 'bad@email', purpose: 'register' },
      { lang: 'de;q=1, vi;q=0.5' },
    );
    expect(preferred.msg).toBe('Địa chỉ email không hợp lệ.');
  });

  it('session, back-office and transport errors are translated too', async () => {
    expect((await t.call(api.user.info, {}, { lang: 'th' })).msg).toBe(ERRORS.SESSION_MISSING.msg.th);
    expect((await t.call(adminApi.admin.dashboard, {}, { lang: 'vi' })).msg).toBe(ERRORS.ADMIN_SESSION_INVALID.msg.vi);
    const badJson = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/login`,
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
      payload: '{',
    });
    expect(badJson.json()).toEqual({ code: ERRORS.BAD_JSON.code, msg: ERRORS.BAD_JSON.msg.es, data: null });
  });
});

describe('transport', () => {
  it('an unknown route answers the NOT_FOUND envelope with HTTP 200', async () => {
    for (const [method, url] of [
      ['GET', `${API_BASE}/nope`],
      ['POST', `${API_BASE}/user/nope`],
      ['GET', `${ADMIN_API_BASE}/nope`],
      ['DELETE', `${API_BASE}/appConfig`],
      ['GET', '/sandbox/nope'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { 'accept-language': 'fr' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ code: ERRORS.NOT_FOUND.code, msg: ERRORS.NOT_FOUND.msg.fr, data: null });
    }
  });

  it('malformed JSON answers BAD_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: ERRORS.BAD_JSON.code, msg: ERRORS.BAD_JSON.msg.en });
  });

  it('a body over 256 kB answers BAD_JSON, not HTTP 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/login`,
      payload: { account: OVER_LIMIT, password: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: ERRORS.BAD_JSON.code });
  });

  it('GET accepts and ignores the cache-buster t', async () => {
    const plain = await t.app.inject({ method: 'GET', url: `${API_BASE}/appConfig` });
    const busted = await t.app.inject({ method: 'GET', url: `${API_BASE}/appConfig?t=${Date.now()}` });
    expect(busted.json()).toEqual(plain.json());
    expect(busted.json()).toMatchObject({ code: SUCCESS_CODE });
    const bill = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/bill?t=1700000000000`,
      headers: { authorization: userToken },
    });
    expect(bill.json()).toMatchObject({ code: SUCCESS_CODE, data: { rechargeBalance: '0.00' } });
    const users = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_API_BASE}/users?t=abc&limit=5`,
      headers: { authorization: adminToken },
    });
    expect(users.json()).toMatchObject({ code: SUCCESS_CODE });
  });

  it('the token is read with or without "Bearer "', async () => {
    const bare = userToken.replace(/^Bearer\s+/i, '');
    expect((await t.call(api.user.info, {}, { token: bare })).code).toBe(SUCCESS_CODE);
    expect((await t.call(api.user.info, {}, { token: `Bearer ${bare}` })).code).toBe(SUCCESS_CODE);
    expect((await t.call(api.user.info, {}, { token: `bearer  ${bare}` })).code).toBe(SUCCESS_CODE);
  });
});
