import { api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { AddressService } from './service.ts';

export function addressRoutes(route: Route, addresses: AddressService): void {
  route(api.addresses.list, (_input, ctx) => addresses.list(ctx.user.id));
  route(api.addresses.create, (input, ctx) => addresses.create(ctx.user.id, input, ctx.lang));
  route(api.addresses.update, (input, ctx) => addresses.update(ctx.user.id, ctx.params.id, input, ctx.lang));
  route(api.addresses.remove, (_input, ctx) => addresses.remove(ctx.user.id, ctx.params.id));
}
