import { adminApi, api, MEDIA_BASE } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/router.ts';
import type { UploadService } from './service.ts';

export function uploadRoutes(route: Route, uploads: UploadService): void {
  route(api.uploads.image, (_input, ctx) => uploads.upload({ userId: ctx.user.id }, () => ctx.file()));
}

export function uploadAdminRoutes(route: Route, uploads: UploadService): void {
  route(adminApi.uploads.image, (_input, ctx) =>
    uploads.upload({ adminId: ctx.admin.id, ip: ctx.ip }, () => ctx.file()),
  );
}

/**
 * `/media/<key>.<ext>`: an upload's bytes never change under its key, so browsers and CDNs keep
 * them for a year without asking again. `nosniff` and the sandboxing policy make sure that even a
 * file that got past the checks is only ever shown as the image type it is stored as.
 */
export function mediaRoutes(app: FastifyInstance, uploads: UploadService): void {
  app.get<{ Params: { name: string } }>(`${MEDIA_BASE}/:name`, { schema: { hide: true } }, async (req, reply) => {
    const media = await uploads.media(req.params.name);
    if (!media) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', media.etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .type(media.contentType);
    if (req.headers['if-none-match'] === media.etag) return reply.code(304).send();
    return reply.send(media.bytes);
  });
}
