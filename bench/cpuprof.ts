/**
 * CPU profile of the app (or, with BARE=1, the bare baseline) under HTTP load from autocannon, as
 * in `npm run bench` (diagnostic): `PROFILE_ROUTE=purchase tsx --cpu-prof bench/cpuprof.ts`, then
 * `node bench/cpusummary.mjs <the larger .cpuprofile>`.
 */
import type { AddressInfo } from 'node:net';
import { api, SUCCESS_CODE } from '@app/contracts';
import { buildBaseline } from './baseline.ts';
import { withProfiledApp } from './fixture.ts';
import { runLoad } from './load.ts';

const route = process.env.PROFILE_ROUTE ?? 'bill';
const bare = Boolean(process.env.BARE);
await withProfiledApp(async ({ built, pool, tokens, productId }) => {
  const server = bare ? await buildBaseline(pool) : built.app;
  await server.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const job = {
    ...(route === 'bill'
      ? { method: 'GET' as const, path: '/api/v1/bill' }
      : {
          method: 'POST' as const,
          path: '/api/v1/orders',
          body: JSON.stringify({ productId, quantity: 1 }),
          idempotent: api.products.purchase.idempotent,
        }),
    url,
    tokens,
    connections: 64,
    okPrefix: `{"code":${SUCCESS_CODE}`,
  };
  // As in `npm run bench`: a warm-up, then statistics of the tables as they are.
  await runLoad({ ...job, duration: 2 });
  await pool.query('analyze');
  const result = await runLoad({ ...job, duration: Number(process.env.PROFILE_SECONDS ?? 8) });
  console.log(`${route} ${bare ? 'bare baseline' : 'app'}: ${Math.round(result.rps)} req/s, ${result.bad} bad`);
  if (bare) await server.close();
});
