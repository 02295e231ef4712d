import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { RankAdminService } from './admin-service.ts';
import type { RankService } from './service.ts';

export function rankRoutes(route: Route, rank: RankService): void {
  route(api.rank.board, (_input, ctx) => rank.board(ctx.user.id));
  route(api.rank.history, (input, ctx) => rank.history(ctx.user.id, input));
  route(api.rank.nameTeam, (input, ctx) => rank.nameTeam(ctx.user.id, input.name));
}

export function rankAdminRoutes(route: Route, deps: { rank: RankService; admin: RankAdminService }): void {
  const actorOf = (ctx: { admin: { id: number }; ip: string }) => ({ adminId: ctx.admin.id, ip: ctx.ip });
  route(adminApi.rank.cycles, (input) => deps.admin.cycles(input));
  route(adminApi.rank.cycle, (_input, ctx) => deps.rank.settlement(ctx.params.id));
  route(adminApi.rank.standings, (input, ctx) => deps.admin.standings(ctx.params.id, input));
  route(adminApi.rank.settle, (_input, ctx) => deps.rank.settle(ctx.params.id, actorOf(ctx), ctx.idempotencyKey));
  route(adminApi.rank.teams, (input) => deps.admin.teams(input));
  route(adminApi.rank.updateTeam, (input, ctx) => deps.admin.updateTeam(ctx.params.id, input, actorOf(ctx)));
}
