import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request id: the caller's (or the proxy's) `X-Request-Id` when it is safe to log and echo,
 * otherwise a fresh UUID. Fastify's own `requestIdHeader` would take any header value as it is.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * What the pages may load. Scripts only from this origin, never inline, never eval. Styles allow
 * inline: the back office's antd injects `<style>` elements at run time, and Swagger UI and the
 * sandbox pay page carry their own. Images allow any https address: operators enter product images
 * as links; and `blob:` URLs, for images the page made itself: the invite poster (drawn on a canvas,
 * `toBlob`, shown from `URL.createObjectURL`) and the preview of a picked image while it uploads
 * (antd-mobile's ImageUploader; antd's Upload list makes its thumbnails from one too). Nothing else
 * reads a `blob:` URL (no script, worker or fetch), so no other directive allows it.
 */
function contentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'manifest-src': ["'self'"],
      // On plain http (the local trial) it would send the page's own requests to an https port that is not there.
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/**
 * helmet's headers, worked out once at start: they do not depend on the request. (@fastify/helmet
 * rebuilds helmet on every request, which measured about 30 µs of CPU per answer.)
 */
function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    removeHeader() {},
  };
  helmet({
    contentSecurityPolicy: contentSecurityPolicy(https),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Browsers ignore HSTS over http; sent only where the public address is https, it cannot lock out a trial.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The headers of a JSON answer: it is never a page, so it may load nothing at all. Helmet's full
 * set (a kilobyte, mostly the page policy) on every API answer doubled the bytes of a small one
 * and cost a fifth of `GET /bill`'s throughput, which is bound by socket writes.
 */
function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => kept.includes(name.toLowerCase()))),
  };
}

/**
 * Security headers and the request id echo, for every answer, and response compression. Registered
 * before any route: compression attaches itself to each route as it is added, but for the routes
 * declared `small` (`http/router.ts`), whose answers never reach its threshold.
 */
export async function registerEdge(
  app: FastifyInstance,
  options: { https: boolean; apiPrefixes: readonly string[] },
): Promise<void> {
  const pageHeaders = securityHeaders(options.https);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (req, reply, done) => {
    const route = req.routeOptions.url;
    const isApi = route !== undefined && options.apiPrefixes.some((prefix) => route.startsWith(prefix));
    reply.headers(isApi ? apiHeaders : pageHeaders).header('x-request-id', req.id);
    done();
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Most API answers are a few hundred bytes: compressing them costs more time than it saves.
    threshold: 1024,
    // Requests stay uncompressed: a compressed body would be a way around the body size limit.
    globalDecompression: false,
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app at `/` and back office at `/admin/`, with the `.br`/`.gz` files written at
 * build time. Vite puts content-hashed files in `assets/`: those are cached for good; anything else
 * (index.html, icons, the manifest) is revalidated on every use, so a release shows at once.
 */
export async function serveBuiltApps(app: FastifyInstance, apps: { web: string; admin: string }): Promise<void> {
  let decorated = false;
  for (const [root, prefix] of [
    [apps.web, '/'],
    [apps.admin, '/admin/'],
  ] as const) {
    if (!existsSync(root)) continue;
    const hashed = path.join(root, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: !decorated,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', file.startsWith(hashed) ? IMMUTABLE : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    decorated = true;
  }
}

/** A path naming a file (an extension on its last segment): when missing, a 404, never the app's page. */
export function namesFile(urlPath: string): boolean {
  return /\.[A-Za-z0-9]+$/.test(urlPath);
}

/**
 * A request path that names nothing this server has, whatever it is routed to: a `.` or `..`
 * segment (percent-encoded or not), a slash or backslash hidden in a segment's encoding, or an
 * encoding that does not decode. The static files' reader refuses these itself (a 403 that reached
 * the error handler as an unhandled error); answered as not found before any route runs, nothing
 * climbs out of a served folder and nothing is logged as an error. A NUL is left to the route: the
 * contract names the parameter that holds one (`TEXT_UNSTORABLE`), and the static files' reader
 * refuses it as a client error (`isRefusedByPlugin` in `app.ts`). Paths without `%`, `\`
 * or `/.` (almost all) are passed at the cost of three searches.
 */
export function isUnservablePath(url: string): boolean {
  const end = url.search(/[?#]/);
  const pathname = end === -1 ? url : url.slice(0, end);
  if (!pathname.includes('%') && !pathname.includes('\\') && !pathname.includes('/.')) return false;
  for (const segment of pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    if (decoded === '.' || decoded === '..' || /[/\\]/.test(decoded)) return true;
  }
  return false;
}
