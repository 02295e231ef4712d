import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { ProductAdminService } from './admin-service.ts';
import type { ProductService } from './service.ts';

export function productRoutes(route: Route, products: ProductService): void {
  route(api.products.list, (input, ctx) => products.list(input.cycle, ctx.lang, ctx.user?.id));
  route(api.products.get, (_input, ctx) => products.get(ctx.params.id, ctx.lang, ctx.user?.id));
  route(api.products.purchase, (input, ctx) => products.purchase(ctx.user.id, input, ctx));
  route(api.products.orders, (input, ctx) => products.orders(ctx.user.id, input, ctx.lang));
}

export function productAdminRoutes(route: Route, admin: ProductAdminService): void {
  const actorOf = (ctx: { admin: { id: number }; ip: string }) => ({ adminId: ctx.admin.id, ip: ctx.ip });
  route(adminApi.products.products, () => admin.list());
  route(adminApi.products.createProduct, (input, ctx) => admin.create(input, actorOf(ctx)));
  route(adminApi.products.updateProduct, (input, ctx) =>
    admin.update(ctx.params.id, input, actorOf(ctx), ctx.admin.role),
  );
  route(adminApi.products.orders, (input) => admin.orders(input));
}
