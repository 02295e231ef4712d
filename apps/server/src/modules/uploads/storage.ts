import type { MediaStorageKind } from '@app/contracts';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Db } from '../../db/client.ts';
import { insertUploadBytes, uploadBytesOf } from './repository.ts';

/** Where the bytes of uploads live; the server serves them at `/media/<key>.<ext>` from either. */
export interface MediaStorage {
  readonly kind: MediaStorageKind;
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  get(name: string): Promise<Buffer | undefined>;
}

/** The default: every instance reads the same database, with nothing more to run or back up. */
export class DatabaseStorage implements MediaStorage {
  readonly kind = 'database' as const;

  constructor(private readonly db: Db) {}

  put(name: string, bytes: Buffer): Promise<void> {
    return insertUploadBytes(this.db, name, bytes);
  }

  get(name: string): Promise<Buffer | undefined> {
    return uploadBytesOf(this.db, name);
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2…), for sites whose images outgrow the database. The
 * bucket stays private: the server reads it and serves `/media/` with its own headers.
 */
export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    const { region, endpoint, accessKeyId, secretAccessKey, forcePathStyle } = settings;
    this.client = new S3Client({
      region,
      endpoint,
      forcePathStyle,
      // Without keys the SDK's own chain applies (an instance role, AWS_* variables).
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    });
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: name, Body: bytes, ContentType: contentType }),
    );
  }

  async get(name: string): Promise<Buffer | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: name }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }
}
