import { vi } from 'vitest';

// The server's, the web app's and the back office's test files each share a worker process with
// the files before them (isolate: false in vitest.config.ts), so their packages (Fastify, PGlite,
// React, antd…) load once per worker. Their own modules do not: each file imports them anew, so a
// file's vi.mock reaches the code under test and no module-level state (caches, counters, the
// hashing cost, a signed-in token) carries over from the file before.
vi.resetModules();

// Nor does what a file left in the browser's storage: a session saved in French by one file would
// open the next one's screens in French.
const browser = globalThis as { localStorage?: { clear(): void }; sessionStorage?: { clear(): void } };
browser.localStorage?.clear();
browser.sessionStorage?.clear();
