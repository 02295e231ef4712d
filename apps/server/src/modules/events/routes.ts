import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { EventService } from './service.ts';

export function eventRoutes(route: Route, events: EventService): void {
  route(api.events.list, (_input, ctx) => events.userEvents(ctx.user.id, ctx.lang));
  route(api.events.signup, (_input, ctx) => events.signup(ctx.user.id, ctx.params.id));
}

export function eventAdminRoutes(route: Route, events: EventService): void {
  route(adminApi.events.list, () => events.adminEvents());
  route(adminApi.events.create, (input, ctx) => events.create(input, { adminId: ctx.admin.id, ip: ctx.ip }));
  route(adminApi.events.update, (input, ctx) =>
    events.update(ctx.params.id, input, { adminId: ctx.admin.id, ip: ctx.ip }),
  );
  route(adminApi.events.signups, (input, ctx) => events.signups(ctx.params.id, input));
}
