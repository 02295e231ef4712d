import type { MediaExtension, UploadPurpose } from '@app/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../domain/errors.ts';
import type { DecodeGate } from './decode-gate.ts';
import { MAX_EDGE, MAX_PIXELS, QUALITY, storedExtension, tooManyPixels } from './rules.ts';

export interface StoredImage {
  bytes: Buffer;
  extension: MediaExtension;
  width: number;
  height: number;
}

// Decoded images are not kept between uploads: each is read once, and memory is the scarce thing.
sharp.cache(false);
// sharp.concurrency (libvips threads per image, the number of cores by default) is left as it is:
// the decode gate bounds the images, and one thread per image measured no lower peak (docs/decisions.md).

/**
 * Checks an upload by its bytes and makes the image that is stored: turned upright by its EXIF
 * orientation, then stripped of every metadata (EXIF with the camera's GPS position, XMP, ICC
 * profiles beyond sRGB, comments), shrunk to the purpose's longest edge and re-encoded, so that
 * nothing of the original file but its pixels is ever served.
 */
export async function storedImage(bytes: Buffer, purpose: UploadPurpose, gate: DecodeGate): Promise<StoredImage> {
  const extension = storedExtension((await fileTypeFromBuffer(bytes))?.mime);
  if (!extension) throw new AppError('UPLOAD_NOT_IMAGE');
  const maxPixels = Math.min(MAX_PIXELS, gate.limits.pixels);
  let header: Metadata;
  try {
    // Only the header is read here, whatever it declares: the pixel limits apply to decoding, below.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UPLOAD_FAILED');
  }
  if (tooManyPixels(header.width, header.height, maxPixels)) {
    throw new AppError('UPLOAD_TOO_MANY_PIXELS', { max: maxPixels / 1_000_000 });
  }
  // The header's pixels are reserved from the process's decode budget before a byte is decoded.
  return gate.run(header.width * header.height, () => decoded(bytes, purpose, extension, maxPixels));
}

async function decoded(
  bytes: Buffer,
  purpose: UploadPurpose,
  extension: MediaExtension,
  maxPixels: number,
): Promise<StoredImage> {
  const edge = MAX_EDGE[purpose];
  const pipeline = sharp(bytes, { limitInputPixels: maxPixels, animated: false, failOn: 'error' })
    .rotate()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true });
  const encoded =
    extension === 'jpg'
      ? pipeline.jpeg({ quality: QUALITY, mozjpeg: true })
      : extension === 'webp'
        ? pipeline.webp({ quality: QUALITY })
        : pipeline.png({ compressionLevel: 9 });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, extension, width: info.width, height: info.height };
  } catch (error) {
    // The header can understate what the data holds (a PNG whose chunks disagree): libvips refuses then.
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('UPLOAD_TOO_MANY_PIXELS', { max: maxPixels / 1_000_000 });
    }
    throw new AppError('UPLOAD_FAILED');
  }
}
