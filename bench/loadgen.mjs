// Load generator, run in a child process (node bench/loadgen.mjs) so it does not share the
// server's event loop. Receives one job over IPC, answers with the autocannon summary.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

process.once('message', async (job) => {
  const { url, method, path, body, tokens, connections, duration, okPrefix, idempotent } = job;
  let next = 0;
  let bad = 0;
  let checked = 0;
  const badSamples = [];
  const result = await autocannon({
    url,
    connections,
    duration,
    pipelining: 1,
    requests: [
      {
        method,
        path,
        headers: body ? { 'content-type': 'application/json' } : {},
        body,
        setupRequest: (req) => {
          const headers = { ...req.headers, authorization: tokens[next++ % tokens.length] };
          if (idempotent) headers['idempotency-key'] = randomUUID();
          return { ...req, headers };
        },
        onResponse: (status, resBody) => {
          checked++;
          if (status !== 200 || !String(resBody).startsWith(okPrefix)) {
            bad++;
            if (badSamples.length < 3) badSamples.push(`${status} ${String(resBody).slice(0, 200)}`);
          }
        },
      },
    ],
  });
  process.send(
    {
      requests: result.requests.total,
      rps: result.requests.total / (result.duration || duration),
      rpsAvg: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      bad,
      checked,
      badSamples,
      duration: result.duration,
    },
    () => process.exit(0),
  );
});
