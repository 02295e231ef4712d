import { endpoint, noInput } from '../endpoint.ts';
import { mediaUrl } from '../media.ts';
import { z } from '../zod.ts';

/**
 * What an image is for, which decides the size it is stored at: an avatar is only ever shown
 * small, an image in content or a product page is shown across the screen.
 */
export const UPLOAD_PURPOSES = ['image', 'avatar'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/**
 * The text fields of an upload's multipart body, sent before its one file part (named `file`).
 * A JPEG, PNG, WebP or GIF is checked by its content, resized, stripped of its metadata and
 * stored as JPEG, PNG or WebP.
 */
export const uploadFields = z.object({ purpose: z.enum(UPLOAD_PURPOSES).default('image') });
export type UploadFields = z.input<typeof uploadFields>;

/** The multipart part that carries the image. */
export const UPLOAD_FILE_FIELD = 'file';

const uploaded = z.object({ url: mediaUrl });

export const uploads = {
  image: endpoint({
    method: 'POST',
    path: '/uploads',
    access: 'user',
    summary: 'Upload one image (multipart: an optional `purpose` field, then the `file` part); answers its URL',
    file: true,
    input: noInput,
    output: uploaded,
  }),
};

export const uploadsAdmin = {
  image: endpoint({
    method: 'POST',
    path: '/uploads',
    access: 'admin',
    summary: 'Upload one image for a product or content (multipart, as the user endpoint); answers its URL',
    roles: ['content', 'finance'],
    file: true,
    input: noInput,
    output: uploaded,
  }),
};

/** Where an upload's bytes are kept: the database by default, an S3-compatible bucket when configured. */
export const MEDIA_STORAGES = ['database', 's3'] as const;
export type MediaStorageKind = (typeof MEDIA_STORAGES)[number];
