/**
 * Issue 29: the server's resident memory (RSS) while 8 uploads of 40-megapixel JPEGs arrive at
 * once, with the decode gate's limits and without them (`UPLOAD_DECODES=8`,
 * `UPLOAD_DECODE_MEGAPIXELS=1000`: every upload decodes at once, as before the gate).
 *
 *   npx tsx bench/upload-memory.ts            both, each in a fresh process (RSS only grows in one)
 *   BENCH_DATABASE_URL=postgres://… overrides the PostgreSQL server (a database of its own is made)
 *
 * Each run builds the app on PostgreSQL, makes one JPEG with sharp, uploads it 8 times in parallel
 * through `app.inject` and samples `process.memoryUsage().rss` every 5 ms.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SUCCESS_CODE } from '@app/contracts';
import type pg from 'pg';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { benchConfig, createBenchDatabase } from './db.ts';
import { insertSessions, insertUsers } from './seed.ts';

export const UPLOAD_PARALLEL = 8;
/** 7745 × 5164: just under the 40-megapixel limit. */
export const UPLOAD_SIZE = { width: 7745, height: 5164 };
/** Every upload decoding at once: the server before the gate. */
export const UNGATED_ENV = { UPLOAD_DECODES: '16', UPLOAD_DECODE_MEGAPIXELS: '1000' };

export interface UploadMemory {
  /** RSS once the app is built and the JPEG is made, before the first upload (MB). */
  idleMb: number;
  /** The highest RSS sampled while the uploads ran (MB). */
  peakMb: number;
  stored: number;
  refused: string[];
  seconds: number;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** One measurement in this process: call it in a fresh one, RSS does not shrink back. */
export async function measureUploadMemory(serverUrl: string, env: Record<string, string> = {}): Promise<UploadMemory> {
  const database = await createBenchDatabase(serverUrl, 'uploads');
  const db = await openDatabase({ url: database.url, poolSize: 4 });
  try {
    const pool = (db.db as unknown as { $client: pg.Pool }).$client;
    const { app } = await buildApp({ config: benchConfig(database.url, { JOBS: '0', ...env }), database: db });
    await app.ready();
    const first = await insertUsers(pool, `up-${randomUUID().slice(0, 6)}-`, 1);
    const [token] = await insertSessions(pool, first, 1);
    const { width, height } = UPLOAD_SIZE;
    // Texture (noise drawn small, then enlarged) and a phone's orientation tag, in under 5 MB.
    const texture = await sharp({
      create: {
        width: 640,
        height: 427,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const jpeg = await sharp(texture)
      .resize(width, height)
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 80 })
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const headers = { authorization: token ?? '', 'content-type': request.headers.get('content-type') ?? '' };
    global.gc?.();
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: UPLOAD_PARALLEL }, () =>
        app.inject({ method: 'POST', url: '/api/v1/uploads', headers, payload }).then((r) => r.json()),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    await app.close();
    const refused = answers.filter((a) => a.code !== SUCCESS_CODE).map((a) => `${a.code} ${a.msg}`);
    return { idleMb: mb(idle), peakMb: mb(peak), stored: answers.length - refused.length, refused, seconds };
  } finally {
    await db.close();
    await database.drop();
  }
}

/** Runs each configuration in a child process of its own and prints one line per configuration. */
async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (process.argv[2] === '--child') {
    const result = await measureUploadMemory(serverUrl, JSON.parse(process.argv[3] ?? '{}'));
    process.stdout.write(JSON.stringify(result));
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const configurations: [string, Record<string, string>][] = [
    ['ungated (before the gate)', UNGATED_ENV],
    ['gated (defaults)', {}],
  ];
  for (const [name, env] of configurations) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', self, '--child', JSON.stringify(env)], {
      encoding: 'utf8',
      maxBuffer: 2 ** 20,
    });
    const r = JSON.parse(out) as UploadMemory;
    console.log(
      `${name}: idle ${r.idleMb} MB, peak ${r.peakMb} MB (+${r.peakMb - r.idleMb} MB), ` +
        `${r.stored}/${UPLOAD_PARALLEL} stored in ${r.seconds.toFixed(1)} s${r.refused.length ? `, refused: ${r.refused.join('; ')}` : ''}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
