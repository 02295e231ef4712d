/**
 * HAProxy terminating TLS in front of a server, as docs/operations.md deploys it: what a phone
 * reaches in production is https, and over https the browser speaks HTTP/2 (ALPN), one connection
 * for all of a page's files instead of HTTP/1.1's six, each file waiting its turn on one.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/lib/server.ts';
import { listening, waitUntil } from '../faults/cluster.ts';

export interface TlsProxy {
  url: string;
  /**
   * The base64 SHA-256 of the certificate's public key, for Chromium's
   * `--ignore-certificate-errors-spki-list`: the browser trusts this one certificate as if a
   * public authority had signed it (a secure context: service worker, no warning).
   */
  spki: string;
  stop: () => void;
}

/** Needs `haproxy` and `openssl` (Debian: `apt-get install -y haproxy`). */
export async function startTlsProxy(backendUrl: string): Promise<TlsProxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  // A throwaway certificate for 127.0.0.1, alive for the run only.
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
    ],
    { stdio: 'ignore' },
  );
  const publicKey = execFileSync('openssl', ['x509', '-in', cert, '-pubkey', '-noout']);
  const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: publicKey });
  const spki = execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der }).toString('base64');
  const pem = path.join(dir, 'site.pem');
  writeFileSync(pem, Buffer.concat([readFileSync(cert), readFileSync(key)]));

  const port = await freePort();
  const backend = new URL(backendUrl);
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    `global
  maxconn 1024

defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s

frontend web
  bind 127.0.0.1:${port} ssl crt ${pem} alpn h2,http/1.1
  default_backend app

backend app
  server app ${backend.hostname}:${backend.port}
`,
  );
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const spawnFailure = new Promise<never>((_, reject) =>
    child.once('error', (error) => reject(new Error(`haproxy: ${error.message} (apt-get install -y haproxy)`))),
  );
  try {
    await Promise.race([
      waitUntil('haproxy', async () => {
        if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr.trim()}`);
        return listening(port);
      }),
      spawnFailure,
    ]);
  } catch (error) {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `https://127.0.0.1:${port}`,
    spki,
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
