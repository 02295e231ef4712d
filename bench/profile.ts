/** Diagnostics for `npm run bench` figures: round trips per request and time per step. */

import { randomUUID } from 'node:crypto';
import { SUCCESS_CODE } from '@app/contracts';
import pg from 'pg';
import { buildBaseline } from './baseline.ts';
import { withProfiledApp } from './fixture.ts';

const queries: string[] = [];
const original = pg.Client.prototype.query;
// biome-ignore lint/suspicious/noExplicitAny: diagnostic wrapper
(pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
  const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
  queries.push(String(text).replace(/\s+/g, ' ').slice(0, 140));
  // biome-ignore lint/suspicious/noExplicitAny: diagnostic wrapper
  return (original as any).apply(this, args);
};

await withProfiledApp(async ({ built, pool, tokens, productId }) => {
  // A purchase is a money-moving POST: each one carries an Idempotency-Key of its own.
  const headersOf = (method: 'GET' | 'POST', i: number) => ({
    authorization: tokens[i % 100] as string,
    ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
  });
  const inject = (method: 'GET' | 'POST', url: string, i: number, payload?: object) =>
    built.app.inject({ method, url, headers: headersOf(method, i), payload });
  for (let i = 0; i < 200; i++) await inject('POST', '/api/v1/orders', i, { productId, quantity: 1 });
  for (let i = 0; i < 200; i++) await inject('GET', '/api/v1/bill', i);
  for (const [name, run] of [
    ['purchase (repeat buyer)', (i: number) => inject('POST', '/api/v1/orders', i, { productId, quantity: 1 })],
    ['bill', (i: number) => inject('GET', '/api/v1/bill', i)],
  ] as const) {
    queries.length = 0;
    await run(5);
    console.log(`\n${name}: ${queries.length} round trips`);
    for (const q of queries) console.log(`  ${q}`);
    const n = 300;
    const t = performance.now();
    for (let i = 0; i < n; i++) await run(i);
    console.log(`${name}: ${((performance.now() - t) / n).toFixed(2)} ms each, sequential via inject`);
  }
  // Node CPU per request (the server's share of the 2 cores), app vs bare baseline.
  const baseline = await buildBaseline(pool);
  await baseline.ready();
  const apps = [
    ['app', built.app],
    ['baseline', baseline],
  ] as const;
  for (const [route, method, body] of [
    ['/api/v1/orders', 'POST', { productId, quantity: 1 }],
    ['/api/v1/bill', 'GET', undefined],
  ] as const) {
    for (const [label, server] of apps) {
      const n = 400;
      const cpu = process.cpuUsage();
      const t = performance.now();
      for (let i = 0; i < n; i++) {
        const res = await server.inject({
          method,
          url: route,
          headers: headersOf(method, i),
          payload: body,
        });
        if (!res.body.startsWith(`{"code":${SUCCESS_CODE}`)) throw new Error(res.body);
      }
      const used = process.cpuUsage(cpu);
      console.log(
        `${route} ${label}: ${((performance.now() - t) / n).toFixed(2)} ms wall, ${((used.user + used.system) / 1000 / n).toFixed(3)} ms node CPU per request`,
      );
    }
  }
});
