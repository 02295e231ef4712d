import { adminApi, type ConfigValues } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { AuditService } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import type { DashboardService } from '../dashboard/service.ts';
import type { AdminService } from './service.ts';

export function adminRoutes(
  route: Route,
  deps: {
    admins: AdminService;
    config: ConfigService;
    dashboard: DashboardService;
    audit: AuditService;
  },
): void {
  const { admins, config } = deps;
  const actorOf = (ctx: { admin: { id: number }; ip: string }) => ({ adminId: ctx.admin.id, ip: ctx.ip });

  route(adminApi.admin.login, (input, ctx) => admins.login(input, ctx));
  route(adminApi.admin.logout, (_input, ctx) => admins.logout(ctx.admin.sessionId));
  route(adminApi.admin.me, (_input, ctx) => admins.get(ctx.admin.id));
  route(adminApi.admin.dashboard, () => deps.dashboard.summary());
  route(adminApi.cash.cashSummary, () => deps.dashboard.cash());
  route(adminApi.admin.getConfig, () => config.all());
  route(adminApi.admin.putConfig, (input, ctx) => config.update(input as Partial<ConfigValues>, actorOf(ctx)));
  route(adminApi.admin.audit, (input) => deps.audit.list(input));
  route(adminApi.admin.admins, () => admins.list());
  route(adminApi.admin.createAdmin, (input, ctx) => admins.create(input, actorOf(ctx)));
  route(adminApi.admin.updateAdmin, (input, ctx) => admins.update(ctx.params.id, input, actorOf(ctx)));
}
