import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploadBytes, uploads } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Db, row: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(row);
}

export async function uploadRow(db: Db, key: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  return row;
}

export async function insertUploadBytes(db: Db, key: string, bytes: Buffer): Promise<void> {
  await db.insert(uploadBytes).values({ key, bytes });
}

export async function uploadBytesOf(db: Db, key: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ bytes: uploadBytes.bytes }).from(uploadBytes).where(eq(uploadBytes.key, key));
  return row?.bytes;
}
