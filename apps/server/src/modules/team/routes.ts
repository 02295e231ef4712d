import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { TeamService } from './service.ts';

export function teamRoutes(route: Route, team: TeamService): void {
  route(api.team.summary, (_input, ctx) => team.summary(ctx.user.id));
  route(api.team.members, (input, ctx) => team.members(ctx.user.id, input));
}

export function teamAdminRoutes(route: Route, team: TeamService): void {
  route(adminApi.team.userTeam, (_input, ctx) => team.userTeam(ctx.params.id));
  route(adminApi.team.userTeamMembers, (input, ctx) => team.userTeamMembers(ctx.params.id, input));
}
