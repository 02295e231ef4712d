import { randomBytes } from 'node:crypto';
import { parseInput, uploadFields } from '@app/contracts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { UploadedFile } from '../../domain/caller.ts';
import { InputError } from '../../domain/errors.ts';
import type { RateLimiter } from '../../limits/counters.ts';
import { enforceLimit, type LimitRule } from '../../limits/enforce.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { DecodeGate } from './decode-gate.ts';
import { storedImage } from './images.ts';
import { insertUpload, uploadRow } from './repository.ts';
import { CONTENT_TYPES, mediaKey, mediaPath, parseMediaName } from './rules.ts';
import type { MediaStorage } from './storage.ts';

/** A user uploads a handful of images a day; an operator fills a catalogue. */
export const UPLOAD_LIMITS: Readonly<Record<'perUser' | 'perAdmin', LimitRule>> = {
  perUser: { limit: 20, windowSeconds: 600 },
  perAdmin: { limit: 200, windowSeconds: 600 },
};

/** A user, or an operator (whose uploads are written to the audit log like their other changes). */
export type Uploader = { userId: number } | (Actor & { adminId: number });

export interface Media {
  bytes: Buffer;
  contentType: string;
  /** The same for ever: an upload's bytes never change under its key. */
  etag: string;
}

export class UploadService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly storage: MediaStorage,
    /** The process's image decodes; its counters are read by the tests and the bench. */
    readonly decodes: DecodeGate,
  ) {}

  /**
   * Counts the upload against its uploader before reading a byte of it, then stores the checked and
   * re-encoded image under a new random key (unguessable: uploads are not listed anywhere).
   */
  async upload(uploader: Uploader, read: () => Promise<UploadedFile>): Promise<{ url: string }> {
    await enforceLimit(
      this.limiter,
      'userId' in uploader ? `upload:user:${uploader.userId}` : `upload:admin:${uploader.adminId}`,
      'userId' in uploader ? UPLOAD_LIMITS.perUser : UPLOAD_LIMITS.perAdmin,
    );
    const file = await read();
    const fields = parseInput(uploadFields, file.fields);
    if (!fields.success) throw new InputError(fields.error.issues);
    const image = await storedImage(file.bytes, fields.data.purpose, this.decodes);
    const key = randomBytes(16).toString('hex');
    // The bytes first: a row always names bytes that exist, whichever storage keeps them.
    await this.storage.put(key, image.bytes, CONTENT_TYPES[image.extension]);
    const url = mediaPath(key, image.extension);
    const row = {
      key,
      extension: image.extension,
      purpose: fields.data.purpose,
      storage: this.storage.kind,
      size: image.bytes.length,
      width: image.width,
      height: image.height,
      createdAt: this.clock.now(),
    };
    if ('userId' in uploader) {
      await insertUpload(this.db, { ...row, userId: uploader.userId, adminId: null });
      return { url };
    }
    await inTransaction(this.db, async (tx) => {
      await insertUpload(tx, { ...row, userId: null, adminId: uploader.adminId });
      const { purpose, size, width, height } = row;
      await recordAudit(tx, uploader, {
        action: 'upload.image',
        target: `upload:${key}`,
        before: null,
        after: { url, purpose, size, width, height, storage: row.storage },
        at: row.createdAt,
      });
    });
    return { url };
  }

  /** The image a `/media/` file name names, or undefined when there is none under that name. */
  async media(name: string): Promise<Media | undefined> {
    const named = parseMediaName(name);
    if (!named) return undefined;
    const row = await uploadRow(this.db, named.key);
    if (!row || row.extension !== named.extension) return undefined;
    const bytes = await this.storage.get(row.key);
    return bytes && { bytes, contentType: CONTENT_TYPES[row.extension], etag: `"${row.key}"` };
  }

  /** Whether `url` is an image this user uploaded: only those can become their avatar. */
  async uploadedBy(userId: number, url: string): Promise<boolean> {
    const key = mediaKey(url);
    const row = key === undefined ? undefined : await uploadRow(this.db, key);
    return row !== undefined && row.userId === userId && mediaPath(row.key, row.extension) === url;
  }
}
