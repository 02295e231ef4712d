import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { HoldingService } from './service.ts';

export function holdingRoutes(route: Route, holdings: HoldingService): void {
  route(api.products.holdings, (input, ctx) =>
    holdings.list({ userId: ctx.user.id, status: input.status }, input, ctx.lang),
  );
  route(api.products.collect, (input, ctx) => holdings.collect(ctx.user.id, input.holdingId, ctx));
}

export function holdingAdminRoutes(route: Route, holdings: HoldingService): void {
  route(adminApi.products.holdings, (input, ctx) =>
    holdings.list({ userId: input.userId, status: input.status }, input, ctx.lang),
  );
}
