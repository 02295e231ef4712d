import { adminApi, api, SUCCESS_CODE } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/router.ts';
import type { SandboxGateway } from '../../payments/sandbox.ts';
import { sandboxPage } from './sandbox-page.ts';
import type { DepositService } from './service.ts';

export function depositRoutes(route: Route, deposits: DepositService): void {
  route(api.cash.depositMethods, () => deposits.methods());
  route(api.cash.createDeposit, (input, ctx) => deposits.create(ctx.user.id, input, ctx));
  route(api.cash.getDeposit, (_input, ctx) => deposits.get(ctx.user.id, ctx.params.transId));
  route(api.cash.deposits, async (input, ctx) => {
    const page = await deposits.list({ ...input, userId: ctx.user.id });
    return {
      items: page.items.map(({ id: _id, userId: _user, userAccount: _account, ...deposit }) => deposit),
      nextCursor: page.nextCursor,
    };
  });
}

export function depositAdminRoutes(route: Route, deposits: DepositService): void {
  route(adminApi.cash.deposits, async (input) => {
    const page = await deposits.list(input);
    return { items: page.items.map(({ id: _id, ...deposit }) => deposit), nextCursor: page.nextCursor };
  });
}

/**
 * The sandbox provider's hosted pay page, plain HTML outside the contracts (its webhook is every
 * provider's, in `modules/payments`). Its buttons let anyone approve a payment, so these routes
 * exist only while the sandbox is on (`RunMode.sandbox`).
 */
export async function sandboxRoutes(
  app: FastifyInstance,
  deps: { sandbox: SandboxGateway; decimals: () => Promise<number> },
): Promise<void> {
  app.get<{ Params: { transId: string } }>('/sandbox/pay/:transId', { schema: { hide: true } }, async (req, reply) => {
    const payment = await deps.sandbox.payment(req.params.transId);
    reply.type('text/html; charset=utf-8');
    return sandboxPage(payment, await deps.decimals());
  });
  await app.register(async (scope) => {
    // The hosted page's buttons are plain HTML forms; their (empty) form body carries nothing.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );
    for (const decision of ['approve', 'decline'] as const) {
      scope.post<{ Params: { transId: string } }>(
        `/sandbox/pay/:transId/${decision}`,
        { schema: { hide: true } },
        async (req, reply) => {
          await deps.sandbox.decide(req.params.transId, decision === 'approve' ? 'approved' : 'declined');
          const wantsHtml = String(req.headers.accept ?? '').includes('text/html');
          if (wantsHtml) {
            return reply.redirect(`/wallet/depositStatus?transId=${encodeURIComponent(req.params.transId)}`, 303);
          }
          const payment = await deps.sandbox.payment(req.params.transId);
          return reply.send({ code: SUCCESS_CODE, msg: 'success', data: { status: payment?.status ?? 'unknown' } });
        },
      );
    }
  });
}
