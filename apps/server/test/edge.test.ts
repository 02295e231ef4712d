import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ADMIN_API_BASE, API_BASE, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envSchema } from '../src/config.ts';
import { signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HASHED_ASSET = 'assets/index-Cq3x9Z1a.js';
const WEB_PAGE = '<!doctype html><title>web app</title>';
const ADMIN_PAGE = '<!doctype html><title>back office</title>';

/** A built web app and back office as Vite leaves them: hashed assets in assets/, with .br beside. */
function fakeBuild(): { root: string; web: string; admin: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'edge-dist-'));
  const web = path.join(root, 'web');
  const admin = path.join(root, 'admin');
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  mkdirSync(admin, { recursive: true });
  const files: Record<string, string> = {
    [path.join(web, 'index.html')]: WEB_PAGE,
    [path.join(web, HASHED_ASSET)]: `console.log(${JSON.stringify('x'.repeat(4096))});`,
    [path.join(web, 'sw.js')]: "self.addEventListener('fetch', () => {});",
    [path.join(admin, 'index.html')]: ADMIN_PAGE,
  };
  for (const [file, text] of Object.entries(files)) {
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
  }
  return { root, web, admin };
}

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).trim().split('\n'));
    done();
  },
});

let t: TestApp;
let dist: ReturnType<typeof fakeBuild>;
beforeAll(async () => {
  dist = fakeBuild();
  t = await createTestApp(
    {},
    { config: { webDist: dist.web, adminDist: dist.admin }, logger: { level: 'info', stream: logStream } },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dist.root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A content security policy's directives, each with its sources. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );

describe('security headers', () => {
  it('every answer forbids framing and sniffing and sends no referrer', async () => {
    for (const url of ['/healthz', `${API_BASE}/appConfig`, `${ADMIN_API_BASE}/auth/me`, '/', '/wallet/info']) {
      const { headers } = await get(url);
      expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('a page may run scripts of this origin only, never inline or eval', async () => {
    for (const url of ['/healthz', '/', '/wallet/info']) {
      const policy = String((await get(url)).headers['content-security-policy']);
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("form-action 'self'");
      expect(policy).not.toContain('unsafe-eval');
    }
  });

  it('a page shows the images it made itself (the invite poster, a picked image before upload), and runs nothing from them', async () => {
    for (const url of ['/healthz', '/', '/wallet/info', '/admin/']) {
      const policy = directives(String((await get(url)).headers['content-security-policy']));
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      const others = [...policy].filter(([name]) => name !== 'img-src');
      expect(others.filter(([, sources]) => sources.includes('blob:'))).toEqual([]);
      expect(policy.has('worker-src')).toBe(false);
      expect(policy.get('default-src')).toEqual(["'self'"]);
    }
  });

  it('an API answer is data, never a page: its policy lets it load nothing at all', async () => {
    for (const url of [`${API_BASE}/appConfig`, `${ADMIN_API_BASE}/auth/me`]) {
      expect((await get(url)).headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('the bill, the busiest answer, carries the same headers and its request id, and is never compressed', async () => {
    const { token } = await signUp(t);
    const answer = await get(`${API_BASE}/bill`, { authorization: token, 'accept-encoding': 'br, gzip' });
    expect(answer.json().code).toBe(SUCCESS_CODE);
    expect(answer.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
    expect(answer.headers['x-request-id']).toMatch(UUID);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('a plain-http address gets no HSTS and no upgrade of its requests, which would lock a trial out', async () => {
    const { headers } = await get('/healthz');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('an https PUBLIC_URL turns on HSTS and the upgrade of insecure requests', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://pay.example.com' });
    try {
      const { headers } = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(headers['strict-transport-security']).toBe('max-age=31536000');
      expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('compression', () => {
  it('a large answer is sent with brotli to a client that accepts it, and reads back whole', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.body.length).toBeGreaterThan(1024);
    const answer = await get('/api/docs/json', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(plain.body);
  });

  it('a client that only speaks gzip gets gzip', async () => {
    const answer = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('a small answer is sent as it is: compressing it would cost more than it saves', async () => {
    const answer = await get(`${API_BASE}/appConfig`, { 'accept-encoding': 'br, gzip' });
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json().code).toBe(SUCCESS_CODE);
  });
});

describe('request ids', () => {
  it("a caller's well-formed X-Request-Id is kept, echoed and logged with the request", async () => {
    const answer = await get('/healthz', { 'x-request-id': 'lb-7f3a.19_x' });
    expect(answer.headers['x-request-id']).toBe('lb-7f3a.19_x');
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(logged).toContainEqual(expect.objectContaining({ reqId: 'lb-7f3a.19_x', msg: 'incoming request' }));
  });

  it('a request without one gets a fresh UUID', async () => {
    const first = (await get('/healthz')).headers['x-request-id'];
    const second = (await get('/healthz')).headers['x-request-id'];
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('a malformed or oversized one is replaced, so it never reaches the log or the answer', async () => {
    for (const bad of ['two words', '<script>', 'a'.repeat(129), 'x\u00e9', 'line;break']) {
      const echoed = (await get('/healthz', { 'x-request-id': bad })).headers['x-request-id'];
      expect(echoed).toMatch(UUID);
    }
  });
});

describe('paths that are not routes', () => {
  it('an unknown API path answers the not-found envelope, in the user API and the back office', async () => {
    for (const url of [`${API_BASE}/no-such-thing`, `${ADMIN_API_BASE}/no-such-thing`, `${API_BASE}/data.json`]) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ code: ERRORS.NOT_FOUND.code });
    }
  });

  it('a missing file answers HTTP 404, never the web app page', async () => {
    for (const url of ['/robots.txt', '/worker.js', '/favicon.ico', '/assets/index-gone1234.js', '/admin/logo.png']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toContain('<!doctype html>');
    }
  });

  it("a client route gets its app's page: the web app's, or the back office's under /admin", async () => {
    for (const url of ['/wallet/info', '/account/signIn?code=AB12']) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body).toBe(WEB_PAGE);
    }
    for (const url of ['/admin/users', '/admin']) expect((await get(url)).body).toBe(ADMIN_PAGE);
  });
});

describe('the built apps', () => {
  it('a content-hashed asset is cached for a year as immutable', async () => {
    const answer = await get(`/${HASHED_ASSET}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the app page is revalidated on every load, so a release shows at once', async () => {
    for (const url of ['/', '/admin/', '/wallet/info'])
      expect((await get(url)).headers['cache-control']).toBe('no-cache');
  });

  it('the service worker is fetched again on every check, so a release reaches installed apps at once', async () => {
    const answer = await get('/sw.js');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('the .br file written at build time is sent as it is to a client that accepts brotli', async () => {
    const answer = await get(`/${HASHED_ASSET}`, { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.rawPayload.equals(readFileSync(path.join(dist.web, `${HASHED_ASSET}.br`)))).toBe(true);
  });
});

describe('.env.example', () => {
  it('names every variable the server reads, so an operator sees them all', () => {
    const example = readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    const missing = Object.keys(envSchema.shape).filter((key) => !listed.has(key));
    expect(missing).toEqual([]);
  });
});
