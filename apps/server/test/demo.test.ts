import { adminApi, api, LANGUAGES } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/demo.ts';
import { signInOwner } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

let demo: TestApp;
let owner: string;
beforeAll(async () => {
  demo = await createTestApp();
  owner = await signInOwner(demo);
  expect(await seedDemoContent(demo)).toBe(true);
});
afterAll(() => demo.close());

describe('the machines of a fresh trial', () => {
  it('each has its own picture, an upload that /media/ serves', async () => {
    const products = await demo.ok(adminApi.products.products, {}, { token: owner });
    expect(products).toHaveLength(6);
    const images = products.map((product) => product.image);
    expect(new Set(images).size).toBe(images.length);
    for (const product of products) {
      expect(product.image, product.nameI18n.en).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
      const picture = await demo.app.inject({ method: 'GET', url: product.image });
      expect([picture.statusCode, picture.headers['content-type']], product.nameI18n.en).toEqual([200, 'image/webp']);
      // A drawn picture a few kilobytes long, wide like the product page's banner, not a blank.
      expect(picture.rawPayload.length).toBeGreaterThan(2_000);
      expect(picture.rawPayload.length).toBeLessThan(20_000);
      const { width, height } = await sharp(picture.rawPayload).metadata();
      expect([width, height]).toEqual([800, 400]);
      const { channels } = await sharp(picture.rawPayload).stats();
      expect(channels.some((channel) => channel.stdev > 10)).toBe(true);
    }
  });

  it('each has a description in the six languages, each its own translation, shown in the user’s language', async () => {
    const products = await demo.ok(adminApi.products.products, {}, { token: owner });
    for (const product of products) {
      const { descriptionI18n: text, nameI18n: name } = product;
      expect(Object.keys(text).sort(), name.en).toEqual([...LANGUAGES].sort());
      for (const lang of LANGUAGES) expect(text[lang]?.trim(), `${name.en} ${lang}`).not.toBe('');
      expect(new Set(Object.values(text)).size, name.en).toBe(LANGUAGES.length);
    }
    for (const lang of LANGUAGES) {
      const shown = await demo.ok(api.products.list, {}, { lang });
      expect(shown).toHaveLength(products.length);
      for (const item of shown) {
        const stored = products.find((product) => product.id === item.id);
        expect([item.description, item.image], `${item.name} ${lang}`).toEqual([
          stored?.descriptionI18n[lang],
          stored?.image,
        ]);
      }
    }
  });
});
