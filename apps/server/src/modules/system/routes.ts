import { api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { SystemService } from './service.ts';

export function systemRoutes(route: Route, system: SystemService): void {
  route(api.system.appConfig, () => system.appConfig());
  route(api.system.onlineService, () => system.onlineService());
  route(api.system.appUpdate, (input) => system.appUpdate(input.version));
  route(api.system.location, (input, ctx) => system.reportLocation(ctx.user.id, input.latitude, input.longitude));
}
