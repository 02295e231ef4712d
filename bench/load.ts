import { fork } from 'node:child_process';
import path from 'node:path';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bad: number;
  checked: number;
  badSamples: string[];
}

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  tokens: string[];
  connections: number;
  duration: number;
  okPrefix: string;
  /** A money-moving POST: each request carries an Idempotency-Key of its own, as each purchase of a user would. */
  idempotent?: boolean;
}

/** autocannon in a child process: on 2 cores it gets its own core instead of the server's event loop. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'loadgen.mjs'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answered = false;
    child.once('message', (message) => {
      answered = true;
      resolve(message as LoadResult);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(job);
  });
}
