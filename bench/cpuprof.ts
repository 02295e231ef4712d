/** CPU profile of the app's purchase and bill paths (diagnostic): `tsx --cpu-prof bench/cpuprof.ts`. */
import { withProfiledApp } from './fixture.ts';

const which = process.env.PROFILE_ROUTE ?? 'bill';
await withProfiledApp(async ({ built, pool, tokens, productId }) => {
  await pool.query('analyze');
  const n = Number(process.env.PROFILE_N ?? 1500);
  const batch = 16;
  for (let i = 0; i < n; i += batch) {
    await Promise.all(
      Array.from({ length: batch }, (_, j) =>
        which === 'bill'
          ? built.app.inject({
              method: 'GET',
              url: '/api/v1/bill',
              headers: { authorization: tokens[(i + j) % 100] as string },
            })
          : built.app.inject({
              method: 'POST',
              url: '/api/v1/orders',
              headers: { authorization: tokens[(i + j) % 100] as string },
              payload: { productId, quantity: 1 },
            }),
      ),
    );
  }
});
