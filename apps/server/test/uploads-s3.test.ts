import { ERRORS, SUCCESS_CODE } from '@app/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadBytes, uploads } from '../src/db/schema.ts';
import { signUp } from './factories.ts';
import { FakeS3 } from './fake-s3.ts';
import { uploadThrough } from './multipart.ts';
import { createTestApp, type TestApp } from './setup.ts';

/**
 * Uploads with `S3_BUCKET` set, against an S3 stand-in on 127.0.0.1 (`fake-s3.ts`): the app's own
 * `S3Storage` through the AWS SDK, signed requests and all. docs/decisions.md says what this does
 * and does not prove.
 */
let t: TestApp;
let s3: FakeS3;

beforeAll(async () => {
  s3 = await new FakeS3().start();
  t = await createTestApp(s3.env());
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const photo = () =>
  sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1, url.lastIndexOf('.'));
const rowsOf = (key: string) => t.db.select().from(uploads).where(eq(uploads.key, key));
const media = (url: string) => t.app.inject({ method: 'GET', url });

describe('uploads kept in an S3-compatible bucket', () => {
  it('the resized image goes to the bucket in a signed PUT; the database keeps its row, not its bytes; /media serves it', async () => {
    const { token } = await signUp(t);
    const answer = await uploadThrough(t, token, { bytes: await photo() });
    expect(answer.code).toBe(SUCCESS_CODE);
    const url = answer.data?.url ?? '';
    const key = keyOf(url);
    const object = s3.objects.get(key);
    expect(s3.requests).toContainEqual({ method: 'PUT', key, contentType: 'image/jpeg' });
    expect(await sharp(object?.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 800 });
    expect(await rowsOf(key)).toEqual([expect.objectContaining({ storage: 's3', size: object?.bytes.length })]);
    expect(await t.db.select().from(uploadBytes).where(eq(uploadBytes.key, key))).toEqual([]);

    const served = await media(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(object?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(s3.requests.at(-1)).toEqual({ method: 'GET', key, contentType: undefined });
  });

  it('an upload whose object is gone from the bucket is not found', async () => {
    const { token } = await signUp(t);
    const url = (await uploadThrough(t, token, { bytes: await photo() })).data?.url ?? '';
    s3.objects.delete(keyOf(url));
    expect((await media(url)).statusCode).toBe(404);
  });

  it('a bucket that refuses the upload leaves no row naming bytes it does not have', async () => {
    const { token } = await signUp(t);
    const before = await t.db.select().from(uploads);
    s3.failure = { status: 403, code: 'AccessDenied' };
    try {
      const answer = await uploadThrough(t, token, { bytes: await photo() });
      expect(answer.code).toBe(ERRORS.INTERNAL.code);
    } finally {
      s3.failure = null;
    }
    expect(await t.db.select().from(uploads)).toHaveLength(before.length);
  });
});
