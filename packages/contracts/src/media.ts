import { z } from './zod.ts';

/**
 * Where every stored image is served from, whatever the storage behind it (the database by
 * default, S3-compatible storage when configured): one URL form, so that content, comments and
 * avatars can name an upload without knowing where its bytes live.
 */
export const MEDIA_BASE = '/media';

/** The image types an upload is stored as, after it is checked by its content and re-encoded. */
export const MEDIA_EXTENSIONS = ['jpg', 'png', 'webp'] as const;
export type MediaExtension = (typeof MEDIA_EXTENSIONS)[number];

/** An upload's URL as `POST /uploads` answers it: `/media/<32 hex digits>.<extension>`. */
export const mediaUrl = z.string().regex(new RegExp(`^${MEDIA_BASE}/[0-9a-f]{32}\\.(${MEDIA_EXTENSIONS.join('|')})$`), {
  message: 'UPLOAD_URL_INVALID',
});
