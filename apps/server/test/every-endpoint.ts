import { randomUUID } from 'node:crypto';
import {
  adminApi,
  api,
  buildPath,
  CONFIG_KEYS,
  type Endpoint,
  ERRORS,
  endpointBase,
  INTEGER_COLUMN_MAX,
  parseInput,
  SUCCESS_CODE,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;
let user: { account: string; password: string; id: number };

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

export const HUGE = 'x'.repeat(100 * 1024);
/** PostgreSQL's text refuses NUL; a lone UTF-16 surrogate is no character at all. Long enough for a password. */
const WITH_NUL = 'text\u0000text';
const LONE_SURROGATE = 'text\ud800text';
/** An integer JSON cannot carry exactly, and the first one an integer column cannot hold. */
const PAST_SAFE = Number.MAX_SAFE_INTEGER + 2;
const PAST_INTEGER_COLUMN = INTEGER_COLUMN_MAX + 1;
export const OVER_LIMIT = 'y'.repeat(300 * 1024);
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
    'NICKNAME_INVALID',
    'UPLOAD_URL_INVALID',
    'IMAGE_URL_INVALID',
    'COMMENT_REQUIRED',
    'COMMENT_TOO_LONG',
    'COMMENT_IMAGES_LIMIT',
    'CONTENT_LINK_INVALID',
  ] as const
).map((key) => ERRORS[key].code);

/**
 * Bad input on every endpoint of the contracts, found by iterating them so that a new endpoint is
 * covered at once. The endpoints are dealt into `shards` test files (every `shards`-th one to
 * each), so that the files run in parallel; the first also checks that the list is whole.
 */
export function describeEveryEndpoint(shard: number, shards: number) {
  beforeAll(async () => {
    // Injected requests come from loopback: trusted, it lets each case name its own client address.
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    const signed = await signUp(t);
    user = { account: signed.account, password: signed.password, id: signed.user.id };
    userToken = signed.token;
    adminToken = await signInOwner(t);
  });
  afterAll(() => t.close());

  describe(`bad input on every endpoint answers a clear code and message, never a crash (${shard + 1} of ${shards})`, () => {
    it.runIf(shard === 0)('the contracts list every endpoint the server serves', () => {
      expect(ENDPOINTS.length).toBeGreaterThanOrEqual(25);
      expect(ENDPOINTS.map((e) => e.name)).toContain('adminApi.admin.putConfig');
    });

    it.runIf(shard === 0)('every endpoint of the contracts is served', () => {
      expect(ENDPOINTS.filter(({ endpoint }) => !served(endpoint)).map(({ name }) => name)).toEqual([]);
    });

    for (const { name, endpoint } of ENDPOINTS.filter((_, index) => index % shards === shard)) {
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
          // Only an accepted call that writes (not a GET) can have changed anything (signed out,
          // frozen, reconfigured, the clock moved).
          if (body.code === SUCCESS_CODE && endpoint.method !== 'GET') await restore();
        }
        expect(problems).toEqual([]);
      }, 120_000);
    }
  });
}
