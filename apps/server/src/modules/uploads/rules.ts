import { MEDIA_BASE, MEDIA_EXTENSIONS, type MediaExtension, type UploadPurpose } from '@app/contracts';

/**
 * The most pixels an upload may declare, checked from its header before it is decoded: a small
 * file can declare a huge image (an image bomb) whose decoding would take gigabytes of memory.
 * 40 megapixels is more than any phone camera takes.
 */
export const MAX_PIXELS = 40_000_000;

/**
 * Uploads waiting for their decode at once (each holds its file's bytes, up to `UPLOAD_MAX_BYTES`):
 * one more is refused as busy at once rather than queued.
 */
export const DECODE_QUEUE = 32;

/** The longest edge an image is stored at: avatars are only ever shown small. */
export const MAX_EDGE: Readonly<Record<UploadPurpose, number>> = { image: 1600, avatar: 512 };

/** Quality of the lossy re-encodings: visually the same, a fraction of a camera's bytes. */
export const QUALITY = 82;

/**
 * The types an upload may be, detected from its bytes (never its name or declared type), and the
 * type it is stored as: a GIF's first frame becomes a PNG, keeping its transparency. Anything else
 * (SVG, which can carry script; HTML renamed .png; HEIC, TIFF…) is refused.
 */
const STORED_AS: Readonly<Record<string, MediaExtension>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'png',
};

export function storedExtension(detectedMime: string | undefined): MediaExtension | undefined {
  return detectedMime === undefined ? undefined : STORED_AS[detectedMime];
}

export const CONTENT_TYPES: Readonly<Record<MediaExtension, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Whether decoding an image of this size could exhaust memory: past `MAX_PIXELS`, or past `max`
 * (the decode budget, when it is configured smaller) since it could never start.
 */
export function tooManyPixels(width: number, height: number, max = MAX_PIXELS): boolean {
  return width * height > Math.min(max, MAX_PIXELS);
}

export function mediaPath(key: string, extension: MediaExtension): string {
  return `${MEDIA_BASE}/${key}.${extension}`;
}

/** The key and extension a `/media/<key>.<extension>` file name names, or undefined for any other name. */
export function parseMediaName(name: string): { key: string; extension: MediaExtension } | undefined {
  const match = /^([0-9a-f]{32})\.([a-z]+)$/.exec(name);
  if (!match?.[1] || !match[2]) return undefined;
  const extension = MEDIA_EXTENSIONS.find((candidate) => candidate === match[2]);
  return extension ? { key: match[1], extension } : undefined;
}

/** The key of an upload URL (`mediaUrl` checked its form), e.g. to find who uploaded an avatar. */
export function mediaKey(url: string): string | undefined {
  return parseMediaName(url.slice(MEDIA_BASE.length + 1))?.key;
}
