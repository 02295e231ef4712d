import { crc32 } from 'node:zlib';
import { adminApi, api, ERRORS, mediaUrl, SUCCESS_CODE, type UploadPurpose } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../src/modules/uploads/service.ts';
import { signInAs, signInOwner, signUp } from './factories.ts';
import { multipart, type UploadFile, uploadThrough } from './multipart.ts';
import { createTestApp, type TestApp } from './setup.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const upload = (token: string, file: UploadFile, options: { admin?: boolean; lang?: string } = {}) =>
  uploadThrough(t, token, file, options);

async function uploaded(token: string, file: Parameters<typeof upload>[1]) {
  const answer = await upload(token, file);
  if (answer.code !== SUCCESS_CODE || !answer.data) throw new Error(`upload refused: ${answer.code} ${answer.msg}`);
  return answer.data.url;
}

const media = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A photo as a phone takes it: sideways with an orientation tag, with the camera's GPS position. */
function phonePhoto(width = 3000, height = 2000) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

const smallPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 4, background: '#0f08' } })
    .png()
    .toBuffer();

/** A valid PNG whose header declares `width` × `height` pixels, in a file of a few dozen bytes. */
async function pngDeclaring(width: number, height: number) {
  const png = Buffer.from(await smallPng());
  // The IHDR chunk follows the 8-byte signature: length, type, width, height…, then its CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('an upload is checked by its content', () => {
  it('a phone photo comes back upright, at most 1600 px, without its EXIF or GPS position', async () => {
    const { token } = await signUp(t);
    const url = await uploaded(token, { bytes: await phonePhoto() });
    expect(mediaUrl.safeParse(url).success).toBe(true);
    expect(url).toMatch(/\.jpg$/);
    const served = await media(url);
    const stored = await sharp(served.rawPayload).metadata();
    // 3000 × 2000 turned a quarter (orientation 6) is 2000 × 3000, then shrunk to a 1600 px edge.
    expect({ width: stored.width, height: stored.height, format: stored.format }).toEqual({
      width: 1067,
      height: 1600,
      format: 'jpeg',
    });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('an avatar is stored at most 512 px', async () => {
    const { token } = await signUp(t);
    const url = await uploaded(token, { bytes: await phonePhoto(1200, 1200), purpose: 'avatar' });
    const stored = await sharp((await media(url)).rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([512, 512]);
  });

  it('a small image is not enlarged, and a GIF is stored as a PNG', async () => {
    const { token } = await signUp(t);
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .gif()
      .toBuffer();
    const url = await uploaded(token, { bytes: gif, name: 'anim.gif', type: 'image/gif' });
    expect(url).toMatch(/\.png$/);
    const stored = await sharp((await media(url)).rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 40, 30]);
  });

  it('an HTML page renamed .png is refused as not an image, whatever it says it is', async () => {
    const { token } = await signUp(t);
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const answer = await upload(token, { bytes: html, name: 'cat.png', type: 'image/png' });
    expect(answer.code).toBe(ERRORS.UPLOAD_NOT_IMAGE.code);
    expect(answer.msg).toBe('This file is not a picture we can use. Choose a JPEG, PNG, WebP or GIF image.');
  });

  it('an SVG carrying a script is refused as not an image, in the user’s language', async () => {
    const { token } = await signUp(t);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const answer = await upload(token, { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }, { lang: 'fr' });
    expect(answer.code).toBe(ERRORS.UPLOAD_NOT_IMAGE.code);
    expect(answer.msg).toBe("Ce fichier n'est pas une image utilisable. Choisissez une image JPEG, PNG, WebP ou GIF.");
  });

  it('a file past the size limit is refused as too large', async () => {
    const { token } = await signUp(t);
    const big = Buffer.concat([await phonePhoto(64, 64), Buffer.alloc(5 * 2 ** 20 + 1, 7)]);
    const answer = await upload(token, { bytes: big });
    expect(answer.code).toBe(ERRORS.UPLOAD_TOO_LARGE.code);
    expect(answer.msg).toBe('This image is too large. Choose one of at most 5 MB.');
  });

  it('an image bomb (a tiny PNG declaring 30000 × 30000 pixels) is refused before it is decoded', async () => {
    const { token } = await signUp(t);
    const bomb = await pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    const answer = await upload(token, { bytes: bomb, name: 'bomb.png', type: 'image/png' });
    expect(answer.code).toBe(ERRORS.UPLOAD_TOO_MANY_PIXELS.code);
    expect(answer.msg).toBe('This image has too many pixels. Choose one of at most 40 megapixels.');
  });

  it('a file that says it is a JPEG but breaks off is refused as unreadable', async () => {
    const { token } = await signUp(t);
    const photo = await phonePhoto(400, 300);
    const answer = await upload(token, { bytes: photo.subarray(0, 200) });
    expect(answer.code).toBe(ERRORS.UPLOAD_FAILED.code);
  });

  it('a form without a file is asked for an image; a JSON body is not read', async () => {
    const { token } = await signUp(t);
    const form = new Request('http://localhost/', { method: 'POST', body: new FormData() });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { authorization: token, 'content-type': form.headers.get('content-type') ?? '' },
      payload: Buffer.from(await form.arrayBuffer()),
    });
    expect(response.json().code).toBe(ERRORS.UPLOAD_MISSING.code);
    expect((await t.call(api.uploads.image, {}, { token })).code).toBe(ERRORS.BAD_JSON.code);
  });

  it('a multipart body that breaks off is refused as unreadable', async () => {
    const { token } = await signUp(t);
    const body = await multipart(await smallPng(), 'x.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { authorization: token, 'content-type': body.contentType },
      payload: body.payload.subarray(0, body.payload.length - 60),
    });
    expect(response.json().code).toBe(ERRORS.BAD_JSON.code);
  });

  it('an unknown purpose is refused', async () => {
    const { token } = await signUp(t);
    const answer = await upload(token, { bytes: await smallPng(), purpose: 'banner' as UploadPurpose });
    expect(answer.code).toBe(ERRORS.INVALID_INPUT.code);
  });

  it('a signed-out visitor cannot upload', async () => {
    const answer = await upload('', { bytes: await smallPng() });
    expect(answer.code).toBe(ERRORS.SESSION_MISSING.code);
  });

  it(`a user uploads at most ${UPLOAD_LIMITS.perUser.limit} images in ${UPLOAD_LIMITS.perUser.windowSeconds / 60} minutes`, async () => {
    const { token } = await signUp(t);
    const png = await smallPng();
    for (let i = 0; i < UPLOAD_LIMITS.perUser.limit; i++) await uploaded(token, { bytes: png });
    expect((await upload(token, { bytes: png })).code).toBe(ERRORS.RATE_LIMITED.code);
    t.clock.advance(UPLOAD_LIMITS.perUser.windowSeconds * 1000);
    await uploaded(token, { bytes: png });
  });
});

describe('the back office uploads product images', () => {
  it('an operator’s upload is served like a user’s', async () => {
    const owner = await signInOwner(t);
    const answer = await upload(owner, { bytes: await phonePhoto(800, 600) }, { admin: true });
    expect(answer.code).toBe(SUCCESS_CODE);
    expect((await media(answer.data?.url ?? '')).statusCode).toBe(200);
  });

  it('an operator’s upload is written to the audit log with its URL; a refused one and a user’s are not', async () => {
    const owner = await signInOwner(t);
    const content = await signInAs(t, owner, 'content');
    const answer = await upload(content, { bytes: await phonePhoto(800, 600) }, { admin: true });
    const url = answer.data?.url ?? '';
    const key = url.slice(url.lastIndexOf('/') + 1, url.lastIndexOf('.'));
    const stored = (await media(url)).rawPayload;
    const audited = async () =>
      (await t.ok(adminApi.admin.audit, { q: 'upload.image', limit: 100 }, { token: owner })).items;
    const entries = await audited();
    expect(entries.filter((entry) => entry.target === `upload:${key}`)).toEqual([
      expect.objectContaining({
        action: 'upload.image',
        adminEmail: expect.stringMatching(/^content/),
        before: null,
        // The sideways phone photo, stood upright.
        after: { url, purpose: 'image', size: stored.length, width: 600, height: 800, storage: 'database' },
        ip: '127.0.0.1',
      }),
    ]);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const refused = await upload(content, { bytes: html, name: 'a.png', type: 'image/png' }, { admin: true });
    expect(refused.code).not.toBe(SUCCESS_CODE);
    const { token } = await signUp(t);
    await uploaded(token, { bytes: await smallPng() });
    expect(await audited()).toHaveLength(entries.length);
  });

  it('a product’s or a prize’s image is an upload of this server or an https address; anything else is refused in the user’s language', async () => {
    const owner = await signInOwner(t);
    const ours = await upload(owner, { bytes: await smallPng() }, { admin: true });
    const product = {
      name: { en: 'Pictured miner' },
      price: '10.00',
      cycle: 'hour',
      incomePerCycle: '0.10',
      cycles: 10,
    } as const;
    const campaign = (image: string) => ({
      kind: 'turntable' as const,
      name: { en: 'Wheel' },
      pointsPerDraw: 1,
      dailyLimit: 1,
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
      prizes: [{ name: { en: 'Nothing' }, kind: 'nothing' as const, weight: 1, image }],
    });
    for (const image of [ours.data?.url ?? '', 'https://cdn.example.com/miner.png', '']) {
      const created = await t.call(adminApi.products.createProduct, { ...product, image }, { token: owner });
      expect(created.code, image).toBe(SUCCESS_CODE);
      expect((await t.call(adminApi.draws.createCampaign, campaign(image), { token: owner })).code, image).toBe(
        SUCCESS_CODE,
      );
    }
    const { id } = await t.ok(adminApi.products.createProduct, product, { token: owner });
    const refused = [
      'http://cdn.example.com/miner.png',
      'HTTP://localhost/media/0123456789abcdef0123456789abcdef.png',
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'ftp://cdn.example.com/miner.png',
      '//evil.example/miner.png',
      '/media/../secret.png',
      '/uploads/miner.png',
      'https://',
      'https://cdn.example.com/a b.png',
    ];
    for (const image of refused) {
      const answers = [
        await t.call(adminApi.products.createProduct, { ...product, image }, { token: owner, lang: 'fr' }),
        await t.call(adminApi.products.updateProduct, { image }, { token: owner, lang: 'fr', params: { id } }),
        await t.call(adminApi.draws.createCampaign, campaign(image), { token: owner, lang: 'fr' }),
      ];
      for (const answer of answers) {
        expect(answer, image).toEqual({
          code: ERRORS.IMAGE_URL_INVALID.code,
          msg: ERRORS.IMAGE_URL_INVALID.msg.fr,
          data: null,
        });
      }
    }
  });

  it('a user’s token does not open the back-office endpoint', async () => {
    const { token } = await signUp(t);
    const answer = await upload(token, { bytes: await smallPng() }, { admin: true });
    expect(answer.code).toBe(ERRORS.ADMIN_SESSION_INVALID.code);
  });

  it('other endpoints still refuse a multipart body', async () => {
    const body = await multipart(await smallPng(), 'a.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1${adminApi.admin.login.path}`,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.json().code).toBe(ERRORS.BAD_JSON.code);
  });
});

describe('/media serves uploads for a year', () => {
  it('with its type, an ETag, immutable caching and nosniff; a repeat visit gets 304', async () => {
    const { token } = await signUp(t);
    const url = await uploaded(token, { bytes: await smallPng(), name: 'x.png', type: 'image/png' });
    const served = await media(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(served.headers.etag);
    expect(etag).toBe(`"${url.slice('/media/'.length, -'.png'.length)}"`);
    const again = await media(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('an unknown key, or a known key under another extension, is not found', async () => {
    const { token } = await signUp(t);
    const url = await uploaded(token, { bytes: await smallPng(), name: 'x.png', type: 'image/png' });
    expect((await media('/media/0123456789abcdef0123456789abcdef.png')).statusCode).toBe(404);
    expect((await media(url.replace(/\.png$/, '.jpg'))).statusCode).toBe(404);
    expect((await media('/media/..%2Fpackage.json')).statusCode).toBe(404);
  });
});

describe('PUT /userInfo: nickname and avatar', () => {
  it('changes the nickname, trimmed, and the avatar to an image the user uploaded; GET /userInfo answers them', async () => {
    const { token } = await signUp(t);
    const avatar = await uploaded(token, {
      bytes: await smallPng(),
      name: 'me.png',
      type: 'image/png',
      purpose: 'avatar',
    });
    const changed = await t.ok(api.user.updateInfo, { nickname: '  Ada 🌟  ', avatar }, { token });
    expect([changed.nickname, changed.avatar]).toEqual(['Ada 🌟', avatar]);
    const info = await t.ok(api.user.info, {}, { token });
    expect([info.nickname, info.avatar]).toEqual(['Ada 🌟', avatar]);
    const renamed = await t.ok(api.user.updateInfo, { nickname: 'Grace' }, { token });
    expect([renamed.nickname, renamed.avatar]).toEqual(['Grace', avatar]);
  });

  it.each([
    ['an empty nickname', '   '],
    ['a nickname over 20 characters', 'n'.repeat(21)],
    ['a nickname with a control character', 'Ada\u0007'],
    ['a nickname that turns text around', 'Ada\u202Egnp.exe'],
  ])('%s is refused', async (_case, nickname) => {
    const { token } = await signUp(t);
    const answer = await t.call(api.user.updateInfo, { nickname }, { token });
    expect(answer.code).toBe(ERRORS.NICKNAME_INVALID.code);
  });

  it('nothing to change is refused', async () => {
    const { token } = await signUp(t);
    expect((await t.call(api.user.updateInfo, {}, { token })).code).toBe(ERRORS.NOTHING_TO_CHANGE.code);
  });

  it('an avatar that is not an upload URL, or another user’s upload, is refused', async () => {
    const { token } = await signUp(t);
    const other = await signUp(t);
    const theirs = await uploaded(other.token, { bytes: await smallPng(), name: 'x.png', type: 'image/png' });
    for (const avatar of ['https://evil.example/a.png', '/media/../secret.png', theirs]) {
      const answer = await t.call(api.user.updateInfo, { avatar }, { token });
      expect(answer.code).toBe(ERRORS.UPLOAD_URL_INVALID.code);
    }
    expect((await t.ok(api.user.info, {}, { token })).avatar).toBe('');
  });
});
