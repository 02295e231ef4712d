import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { API_BASE, ERRORS } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localize } from '../src/domain/errors.ts';
import { createTestApp, type TestApp } from './setup.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).trim().split('\n'));
    done();
  },
});

let t: TestApp;
let root: string;
let address: string;
beforeAll(async () => {
  // Built apps served as in production, and a file beside them that a climb out of either would reach.
  root = mkdtempSync(path.join(tmpdir(), 'paths-dist-'));
  for (const app of ['web', 'admin']) {
    mkdirSync(path.join(root, app, 'assets'), { recursive: true });
    writeFileSync(path.join(root, app, 'index.html'), `<!doctype html><title>${app}</title>`);
  }
  writeFileSync(path.join(root, 'secret.txt'), 'SECRET');
  t = await createTestApp(
    {},
    {
      config: { webDist: path.join(root, 'web'), adminDist: path.join(root, 'admin') },
      logger: { level: 'info', stream: logStream },
    },
  );
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const LANG = { 'accept-language': 'fr' };

const injected = async (url: string): Promise<Answer> => {
  const { statusCode, headers, body } = await t.app.inject({ method: 'GET', url, headers: LANG });
  return { statusCode, headers: { 'content-type': String(headers['content-type']) }, body };
};

/**
 * inject resolves `.` and `..` segments (it parses the address as a browser does): these go over a
 * socket, sent as they are, as a client such as `curl --path-as-is` sends them.
 */
const overSocket = (url: string) =>
  new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(`${address}/`, { path: url, headers: LANG }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on('error', reject).end();
  });

const ENCODED = [
  '/assets/..%2f..%2fetc/passwd',
  '/assets/..%2f..%2fsecret.txt',
  '/admin/..%2f..%2fsecret.txt',
  '/media/..%2fx',
  '/assets/..%5c..%5csecret.txt',
  '/assets/%00',
];
const MALFORMED = ['/%E0%A4%A', '/assets/%E0%A4%A', '/media/%E0%A4%A', `${API_BASE}/%E0%A4%A`, '/admin/%ZZ.js'];
const DOT_SEGMENTS = [
  '/media/../x',
  '/%2e%2e/',
  '/%2e%2e/secret.txt',
  '/admin/%2e%2e/%2e%2e/secret.txt',
  '/assets/./../../secret.txt',
  `${API_BASE}/../../secret.txt`,
];

describe('paths that climb out of their folder, or that no server could read', () => {
  it('answer the not-found envelope in the user’s language, and log no error', async () => {
    const before = logLines.length;
    const answers = [
      ...(await Promise.all([...ENCODED, ...MALFORMED].map(injected))),
      ...(await Promise.all(DOT_SEGMENTS.map(overSocket))),
    ];
    for (const [index, url] of [...ENCODED, ...MALFORMED, ...DOT_SEGMENTS].entries()) {
      const answer = answers[index];
      // As a missing file outside the APIs; inside them every answer is HTTP 200 with its envelope.
      expect(answer?.statusCode, url).toBe(url.startsWith(`${API_BASE}/`) ? 200 : 404);
      expect(answer?.headers['content-type'], url).toMatch(/^application\/json/);
      expect(JSON.parse(answer?.body ?? ''), url).toEqual({
        code: ERRORS.NOT_FOUND.code,
        msg: localize('NOT_FOUND', 'fr'),
        data: null,
      });
    }
    const logged = logLines.slice(before).map((line) => JSON.parse(line) as { level: number; msg?: string });
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
  });

  it('leave ordinary paths alone: files, pages and API answers as before', async () => {
    expect((await injected('/')).body).toBe('<!doctype html><title>web</title>');
    expect((await injected('/admin/users')).body).toBe('<!doctype html><title>admin</title>');
    expect((await injected('/wallet/info?next=%2Fhome%2F..')).body).toBe('<!doctype html><title>web</title>');
    expect((await injected('/assets/gone.js')).statusCode).toBe(404);
    expect(JSON.parse((await injected(`${API_BASE}/appConfig`)).body).code).not.toBe(ERRORS.NOT_FOUND.code);
  });
});
