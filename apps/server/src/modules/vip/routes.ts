import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { VipService } from './service.ts';

export function vipRoutes(route: Route, vip: VipService): void {
  route(api.vip.levels, (_input, ctx) => vip.userLevels(ctx.user.id, ctx.lang));
  route(api.vip.activate, (input, ctx) => vip.activate(ctx.user.id, input.level, ctx));
}

export function vipAdminRoutes(route: Route, vip: VipService): void {
  route(adminApi.vip.levels, () => vip.adminLevels());
  route(adminApi.vip.saveLevels, (input, ctx) => vip.saveLevels(input.levels, { adminId: ctx.admin.id, ip: ctx.ip }));
  route(adminApi.vip.userLevel, (_input, ctx) => vip.adminUserLevel(ctx.params.id));
}
