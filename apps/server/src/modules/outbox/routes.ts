import { adminApi, pickLanguage, SUCCESS_CODE } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from '../../http/errors.ts';
import type { Route } from '../../http/router.ts';
import type { SmsTransport } from '../../notify/transport.ts';
import type { OutboxService } from './service.ts';

export function outboxAdminRoutes(route: Route, outbox: OutboxService): void {
  route(adminApi.admin.outbox, (input) => outbox.list(input));
  route(adminApi.admin.resendOutbox, (_input, ctx) =>
    outbox.resend(ctx.params.id, { adminId: ctx.admin.id, ip: ctx.ip }),
  );
}

/**
 * Each SMS provider's delivery reports, at its `receiptPath`, outside the contracts: form-encoded,
 * and checked by the provider's own proof (Twilio's signature of the URL and parameters, Africa's
 * Talking's secret in the URL), which covers the address as the provider called it. A request
 * without that proof is refused and changes nothing.
 */
export async function smsReceiptRoutes(
  app: FastifyInstance,
  deps: { transports: SmsTransport[]; outbox: OutboxService; publicUrl: string },
): Promise<void> {
  const origin = new URL(deps.publicUrl).origin;
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    for (const transport of deps.transports) {
      scope.post(transport.receiptPath, { schema: { hide: true } }, async (req, reply) => {
        const url = `${origin}${req.url}`;
        const receipt = transport.receipt({
          url,
          headers: req.headers,
          query: new URL(url).searchParams,
          form: new URLSearchParams(typeof req.body === 'string' ? req.body : ''),
        });
        if (!receipt) {
          req.log.warn({ provider: transport.provider }, 'SMS delivery report refused: not signed by the provider');
          return reply.code(403).send(errorEnvelope('WEBHOOK_SIGNATURE', pickLanguage(req.headers['accept-language'])));
        }
        const applied = await deps.outbox.applyReceipt(receipt);
        return reply.send({ code: SUCCESS_CODE, msg: 'success', data: { applied } });
      });
    }
  });
}
