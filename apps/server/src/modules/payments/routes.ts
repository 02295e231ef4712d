import { API_BASE, pickLanguage, SUCCESS_CODE } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from '../../http/errors.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import type { PaymentWebhooks } from './service.ts';

/**
 * Each provider's webhook, `POST /api/v1/payments/<provider>/webhook`, outside the contracts: the
 * signature covers the raw body's exact bytes. A request that is not the provider's (no or a bad
 * signature, a body changed after signing) is refused and moves nothing. Anything but a clear
 * success answers HTTP 500, so the provider delivers the event again.
 */
export async function paymentWebhookRoutes(
  app: FastifyInstance,
  deps: { gateways: PaymentGateway[]; webhooks: PaymentWebhooks },
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((error, req, reply) => {
      const lang = pickLanguage(req.headers['accept-language']);
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      // A request Fastify could not read (not JSON, too large) is no provider's event.
      if (status >= 400 && status < 500) return reply.code(status).send(errorEnvelope('BAD_JSON', lang));
      req.log.error({ err: error }, 'payment webhook not applied: the provider will send it again');
      return reply.code(500).send(errorEnvelope('INTERNAL', lang));
    });
    for (const gateway of deps.gateways) {
      scope.post(`${API_BASE}/payments/${gateway.provider}/webhook`, { schema: { hide: true } }, async (req, reply) => {
        const event = gateway.verifyWebhook(req.headers, typeof req.body === 'string' ? req.body : '');
        if (!event) {
          req.log.warn({ provider: gateway.provider }, 'payment webhook refused: bad signature');
          return reply.code(401).send(errorEnvelope('WEBHOOK_SIGNATURE', pickLanguage(req.headers['accept-language'])));
        }
        const outcome = await deps.webhooks.apply(gateway.provider, event);
        return reply.send({ code: SUCCESS_CODE, msg: 'success', data: { outcome } });
      });
    }
  });
}
