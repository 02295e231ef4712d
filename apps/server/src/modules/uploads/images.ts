import type { MediaExtension, UploadPurpose } from '@app/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../domain/errors.ts';
import { MAX_EDGE, MAX_PIXELS, QUALITY, storedExtension, tooManyPixels } from './rules.ts';

export interface StoredImage {
  bytes: Buffer;
  extension: MediaExtension;
  width: number;
  height: number;
}

// Decoded images are not kept between uploads: each is read once, and memory is the scarce thing.
sharp.cache(false);

/**
 * Checks an upload by its bytes and makes the image that is stored: turned upright by its EXIF
 * orientation, then stripped of every metadata (EXIF with the camera's GPS position, XMP, ICC
 * profiles beyond sRGB, comments), shrunk to the purpose's longest edge and re-encoded, so that
 * nothing of the original file but its pixels is ever served.
 */
export async function storedImage(bytes: Buffer, purpose: UploadPurpose): Promise<StoredImage> {
  const extension = storedExtension((await fileTypeFromBuffer(bytes))?.mime);
  if (!extension) throw new AppError('UPLOAD_NOT_IMAGE');
  const megapixels = MAX_PIXELS / 1_000_000;
  let header: Metadata;
  try {
    // Only the header is read here, whatever it declares: the pixel limit applies to decoding, below.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UPLOAD_FAILED');
  }
  if (tooManyPixels(header.width, header.height)) throw new AppError('UPLOAD_TOO_MANY_PIXELS', { max: megapixels });
  const edge = MAX_EDGE[purpose];
  const pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false, failOn: 'error' })
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
      throw new AppError('UPLOAD_TOO_MANY_PIXELS', { max: megapixels });
    }
    throw new AppError('UPLOAD_FAILED');
  }
}
