import { adminApi, api, DRAW_SIMULATION_DRAWS } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { DrawService } from './service.ts';

const actorOf = (ctx: { admin: { id: number }; ip: string }) => ({ adminId: ctx.admin.id, ip: ctx.ip });

export function drawRoutes(route: Route, draws: DrawService): void {
  route(api.draws.list, (_input, ctx) => draws.campaigns(ctx.user.id, ctx.lang));
  route(api.draws.draw, (_input, ctx) => draws.draw(ctx.user.id, ctx.params.id, ctx));
  route(api.draws.records, (input, ctx) => draws.records(ctx.user.id, input, ctx.lang));
  route(api.draws.record, (_input, ctx) => draws.record(ctx.user.id, ctx.params.id, ctx.lang));
  route(api.draws.setAddress, (input, ctx) => draws.setAddress(ctx.user.id, ctx.params.id, input.addressId, ctx.lang));
}

export function drawAdminRoutes(route: Route, draws: DrawService): void {
  route(adminApi.draws.campaigns, () => draws.adminCampaigns());
  route(adminApi.draws.createCampaign, (input, ctx) => draws.createCampaign(input, actorOf(ctx)));
  route(adminApi.draws.updateCampaign, (input, ctx) => draws.updateCampaign(ctx.params.id, input, actorOf(ctx)));
  route(adminApi.draws.simulate, (_input, ctx) => draws.simulate(ctx.params.id, DRAW_SIMULATION_DRAWS));
  route(adminApi.draws.records, (input) => draws.adminRecords(input));
  route(adminApi.draws.ship, (input, ctx) => draws.ship(ctx.params.id, input, actorOf(ctx)));
}
