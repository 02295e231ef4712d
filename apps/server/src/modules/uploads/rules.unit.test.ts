import { describe, expect, it } from 'vitest';
import { MAX_PIXELS, mediaKey, mediaPath, parseMediaName, storedExtension, tooManyPixels } from './rules.ts';

describe('upload rules', () => {
  it('stores JPEG, PNG and WebP as themselves and a GIF as a PNG; nothing else is an image', () => {
    expect(storedExtension('image/jpeg')).toBe('jpg');
    expect(storedExtension('image/png')).toBe('png');
    expect(storedExtension('image/webp')).toBe('webp');
    expect(storedExtension('image/gif')).toBe('png');
    for (const other of ['image/svg+xml', 'text/html', 'application/xml', 'image/heic', 'image/tiff', undefined]) {
      expect(storedExtension(other)).toBeUndefined();
    }
  });

  it('refuses an image past the pixel limit, however small its file', () => {
    expect(tooManyPixels(30_000, 30_000)).toBe(true);
    expect(tooManyPixels(MAX_PIXELS, 1)).toBe(false);
    expect(tooManyPixels(MAX_PIXELS + 1, 1)).toBe(true);
  });

  it('names a media file by its 32-hex key and stored extension, and nothing else', () => {
    const key = '0123456789abcdef0123456789abcdef';
    expect(mediaPath(key, 'webp')).toBe(`/media/${key}.webp`);
    expect(parseMediaName(`${key}.png`)).toEqual({ key, extension: 'png' });
    expect(mediaKey(`/media/${key}.jpg`)).toBe(key);
    for (const name of [`${key}.gif`, `${key}.PNG`, `${key.toUpperCase()}.png`, `${key}0.png`, '../x.png', key]) {
      expect(parseMediaName(name)).toBeUndefined();
    }
  });
});
