import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { CouponService } from './service.ts';

export function couponRoutes(route: Route, coupons: CouponService): void {
  route(api.coupons.list, (input, ctx) => coupons.list(ctx.user.id, input, ctx.lang));
}

export function couponAdminRoutes(route: Route, coupons: CouponService): void {
  route(adminApi.coupons.issue, (input, ctx) => coupons.issue(input, { adminId: ctx.admin.id, ip: ctx.ip }));
  route(adminApi.coupons.list, (input) => coupons.adminList(input));
}
