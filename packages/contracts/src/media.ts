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

/** An address on the web over https, whole and without spaces, quotes or angle brackets. */
const httpsAddress = z.url({ protocol: /^https$/ }).regex(/^https:\/\/[^\s"'<>\\`]+$/i);

/**
 * The picture of a product or a prize: an upload of this server (`mediaUrl`, what the back office's
 * image field sends), an https address elsewhere, or none (''). Never `http:` (a page served over
 * https would not show it, and anyone on the way could swap it), `javascript:`, `data:` or a path
 * on this server that is not an upload.
 */
export const imageUrl = z
  .string()
  .max(500)
  .refine((value) => value === '' || mediaUrl.safeParse(value).success || httpsAddress.safeParse(value).success, {
    message: 'IMAGE_URL_INVALID',
  });
