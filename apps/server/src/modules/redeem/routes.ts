import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { RedeemService } from './service.ts';

export function redeemRoutes(route: Route, redeem: RedeemService): void {
  route(api.redeem.redeem, (input, ctx) => redeem.redeem(ctx.user.id, input.code, ctx.ip));
}

export function redeemAdminRoutes(route: Route, redeem: RedeemService): void {
  route(adminApi.redeem.generate, (input, ctx) => redeem.generate(input, { adminId: ctx.admin.id, ip: ctx.ip }));
  route(adminApi.redeem.codes, (input) => redeem.codes(input.batchId));
  route(adminApi.redeem.batches, (input) => redeem.batches(input));
}
