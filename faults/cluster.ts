import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, REPO_ROOT } from '../e2e/lib/server.ts';

/**
 * The processes of the fault test: app instances, their Redis and the proxy in front, each
 * logging to a file of the run's folder. Every process started here is ended by `stopAll`.
 */
export class Cluster {
  private readonly running = new Set<ChildProcess>();
  /** Exits nobody asked for: an instance or a service that died by itself. */
  readonly crashes: string[] = [];

  constructor(readonly dir: string) {}

  private start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
    const log = createWriteStream(path.join(this.dir, `${name}.log`), { flags: 'a' });
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    const started: Started = {
      child,
      expectedExit: false,
      exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    };
    this.running.add(child);
    child.once('exit', (code, signal) => {
      this.running.delete(child);
      log.end();
      if (!started.expectedExit) this.crashes.push(`${name} exited by itself (code ${code}, signal ${signal})`);
    });
    child.once('error', (error) => this.crashes.push(`${name} could not start: ${error.message}`));
    return started;
  }

  logTail(name: string, lines = 15): string {
    try {
      return readFileSync(path.join(this.dir, `${name}.log`), 'utf8')
        .trimEnd()
        .split('\n')
        .slice(-lines)
        .join('\n');
    } catch {
      return '';
    }
  }

  /** A Redis of the test's own, with nothing kept on disk, so restarting it touches nobody else's. */
  async redis(): Promise<Restartable> {
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const service: Restartable = {
      url: `redis://127.0.0.1:${port}`,
      process: this.start('redis', 'redis-server', args),
      restart: async () => {
        await this.kill(service.process, 'SIGKILL');
        service.process = this.start('redis', 'redis-server', args);
        await waitUntil(`redis on ${port}`, () => listening(port));
      },
    };
    await waitUntil(`redis on ${port}`, () => listening(port));
    return service;
  }

  /** An instance started as production starts it: `node --import tsx apps/server/src/main.ts`. */
  async instance(name: string, env: Record<string, string>): Promise<Instance> {
    const port = await freePort();
    // What a later start changes (`resume`) holds for every start after it.
    let current = { ...env };
    const start = () =>
      this.start(name, process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        ...current,
      });
    const instance: Instance = {
      name,
      url: `http://127.0.0.1:${port}`,
      port,
      process: start(),
      ready: () =>
        waitUntil(
          `${name} ready`,
          async () => {
            const { exitCode, signalCode } = instance.process.child;
            if (exitCode !== null || signalCode !== null) throw new Error(`${name} exited before it was ready`);
            return ready(instance.url);
          },
          90_000,
        ),
      restart: async () => {
        await instance.crash();
        await instance.resume();
      },
      crash: async () => {
        await this.kill(instance.process, 'SIGKILL');
      },
      resume: async (changes = {}) => {
        if (instance.process.child.exitCode === null && instance.process.child.signalCode === null) {
          throw new Error(`${name} is running: crash it before resuming it`);
        }
        current = { ...current, ...changes };
        instance.process = start();
        await instance.ready();
      },
      stop: () => this.kill(instance.process, 'SIGTERM'),
    };
    return instance;
  }

  /** HAProxy in front of the instances: health-checks /readyz, retries what is safe to retry elsewhere. */
  async proxy(instances: Instance[], port?: number): Promise<Service> {
    port ??= await freePort();
    const config = path.join(this.dir, 'haproxy.cfg');
    writeFileSync(
      config,
      `global
  maxconn 1024

defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 30s
  timeout queue 10s
  # A request that cannot reach an instance, or gets nothing back, goes to the other one.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 502 503 504

frontend app
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  # Sent twice, only what is safe twice: reads, and writes that carry an Idempotency-Key.
  http-request disable-l7-retry if !METH_GET !{ req.hdr(idempotency-key) -m found }
  # A killed instance refuses the check's connection at once; a busy one (the preparation's load on
  # a loaded machine) may take longer than the 500 ms between checks to answer, and is not down.
  timeout check 3s
  default-server inter 500ms fall 2 rise 2
${instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`).join('\n')}
`,
    );
    const service: Service = {
      url: `http://127.0.0.1:${port}`,
      process: this.start('haproxy', 'haproxy', ['-db', '-f', config]),
    };
    await waitUntil('haproxy', () => listening(port));
    return service;
  }

  /** Ends a process on purpose; resolves with its exit code (null when a signal ended it). */
  async kill(target: Started, signal: NodeJS.Signals): Promise<number | null> {
    target.expectedExit = true;
    if (target.child.exitCode === null && target.child.signalCode === null) target.child.kill(signal);
    return target.exited;
  }

  /** Everything still running: asked to stop, then killed after 10 s. */
  async stopAll(): Promise<void> {
    const children = [...this.running];
    for (const child of children) child.kill('SIGTERM');
    const deadline = Date.now() + 10_000;
    while (this.running.size > 0 && Date.now() < deadline) await sleep(100);
    for (const child of this.running) child.kill('SIGKILL');
  }
}

interface Started {
  child: ChildProcess;
  expectedExit: boolean;
  exited: Promise<number | null>;
}

export interface Service {
  url: string;
  process: Started;
}

export interface Restartable extends Service {
  /** kill -9, then started again and waited for. */
  restart(): Promise<void>;
}

export interface Instance extends Restartable {
  name: string;
  port: number;
  ready(): Promise<void>;
  /** kill -9, and nothing else: the instance stays down until `resume`. */
  crash(): Promise<void>;
  /** Started again after `crash`, with `changes` to its environment (kept for later starts); waited for. */
  resume(changes?: Record<string, string>): Promise<void>;
  /** SIGTERM, as a deployment stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
}

async function ready(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}

export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await sleep(100);
  }
}
