import { crc32 } from 'node:zlib';
import { ERRORS, SUCCESS_CODE } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './factories.ts';
import { uploadThrough } from './multipart.ts';
import { createTestApp, type TestApp } from './setup.ts';

/**
 * The process-wide decode gate seen through the API: how many uploads decode at once and how many
 * pixels they hold together, read from the gate's own counters. Small limits and images keep the
 * test quick; the production figures (2 decodes, 50 megapixels) are the same rules.
 */
const MP = 1_000_000;
const DECODES = 2;
const BUDGET_MP = 5;

let t: TestApp;
let quick: TestApp;

beforeAll(async () => {
  [t, quick] = await Promise.all([
    createTestApp({
      UPLOAD_DECODES: String(DECODES),
      UPLOAD_DECODE_MEGAPIXELS: String(BUDGET_MP),
      UPLOAD_DECODE_WAIT_MS: '60000',
    }),
    createTestApp({ UPLOAD_DECODES: '1', UPLOAD_DECODE_MEGAPIXELS: String(BUDGET_MP), UPLOAD_DECODE_WAIT_MS: '50' }),
  ]);
});
afterAll(async () => {
  await t?.close();
  await quick?.close();
});

/** A camera-sized JPEG with some texture, so that its decoding does real work. */
const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 20 } },
  })
    .jpeg({ quality: 60 })
    .toBuffer();

/** A valid PNG whose header declares `width` × `height` pixels, in a file of a few dozen bytes. */
async function pngDeclaring(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 4, background: '#0f08' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('uploads decode through one gate', () => {
  it(`8 parallel large uploads: never more than ${DECODES} decodes nor ${BUDGET_MP} megapixels at once, each stored or refused as busy`, async () => {
    const { token } = await signUp(t);
    // 3 MP and 1.5 MP: two 3 MP images do not fit the budget together, a 3 MP and a 1.5 MP one do.
    const [large, medium] = await Promise.all([photo(2000, 1500), photo(1500, 1000)]);
    const gate = t.services.uploads.decodes;
    const before = gate.stats();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => uploadThrough(t, token, { bytes: i % 2 === 0 ? large : medium })),
    );
    const after = gate.stats();
    expect(after.peakActive).toBeGreaterThanOrEqual(1);
    expect(after.peakActive).toBeLessThanOrEqual(DECODES);
    expect(after.peakPixels).toBeLessThanOrEqual(BUDGET_MP * MP);
    expect(after).toMatchObject({ active: 0, pixels: 0, waiting: 0 });
    for (const answer of answers) {
      if (answer.code === SUCCESS_CODE) expect(answer.data?.url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
      else expect(answer).toMatchObject({ code: ERRORS.BUSY.code, msg: ERRORS.BUSY.msg.en });
    }
    const stored = answers.filter((answer) => answer.code === SUCCESS_CODE).length;
    expect(stored).toBeGreaterThanOrEqual(1);
    expect(after.refused - before.refused).toBe(answers.length - stored);
  });

  it('an upload that waits past its time for a decode is refused as busy, in the user’s language', async () => {
    const { token } = await signUp(quick);
    const gate = quick.services.uploads.decodes;
    const image = await photo(400, 300);
    // The gate's one decode is taken until the test lets go of it.
    let letGo!: () => void;
    const taken = gate.run(1, () => new Promise<void>((resolve) => (letGo = resolve)));
    try {
      const answer = await uploadThrough(quick, token, { bytes: image }, { lang: 'fr' });
      expect(answer).toMatchObject({
        code: ERRORS.BUSY.code,
        msg: 'Le service est très sollicité en ce moment. Veuillez réessayer dans un instant.',
      });
    } finally {
      letGo();
      await taken;
    }
    expect((await uploadThrough(quick, token, { bytes: image })).code).toBe(SUCCESS_CODE);
  });

  it('an image larger than the whole pixel budget is refused at once as too many pixels', async () => {
    const { token } = await signUp(quick);
    const refusedBefore = quick.services.uploads.decodes.stats().refused;
    const answer = await uploadThrough(quick, token, { bytes: await pngDeclaring(3000, 2000), type: 'image/png' });
    expect(answer).toMatchObject({
      code: ERRORS.UPLOAD_TOO_MANY_PIXELS.code,
      msg: `This image has too many pixels. Choose one of at most ${BUDGET_MP} megapixels.`,
    });
    // Refused by the header's size, before it could wait for or take a decode.
    expect(quick.services.uploads.decodes.stats()).toMatchObject({ active: 0, waiting: 0, refused: refusedBefore });
  });
});
