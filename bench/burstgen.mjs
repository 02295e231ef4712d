// Sends one user's bursts of withdrawals from a child process (node bench/burstgen.mjs), so the
// sender does not share the server's event loop: `size` requests at once, a new burst every
// `everyMs` (while the last is still in flight, if it is), for `duration` seconds. Answers the
// codes it got, the bursts sent and the slowest answer in ms.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

// node:http with kept-alive sockets: the sender's CPU is a small part of the machine's (fetch's is not).
const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

/** One POST; the answer's `code`. */
function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => {
        try {
          resolve(JSON.parse(text).code);
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

process.once('message', async (job) => {
  const { url, token, body, size, everyMs, duration } = job;
  const answers = {};
  let slowest = 0;
  let bursts = 0;
  const inFlight = [];
  const one = async () => {
    const started = performance.now();
    try {
      const code = await post(
        url,
        { authorization: token, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body,
      );
      answers[code] = (answers[code] ?? 0) + 1;
    } catch {
      answers.error = (answers.error ?? 0) + 1;
    }
    slowest = Math.max(slowest, performance.now() - started);
  };
  const end = Date.now() + duration * 1000;
  while (Date.now() < end) {
    bursts++;
    inFlight.push(...Array.from({ length: size }, one));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  await Promise.all(inFlight);
  process.send({ answers, bursts, slowest: Math.round(slowest) }, () => process.exit(0));
});
