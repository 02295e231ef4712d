import { api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { StatisticsService } from './service.ts';

export function statisticsRoutes(route: Route, statistics: StatisticsService): void {
  route(api.statistics.get, (input, ctx) => statistics.income(ctx.user.id, input.days));
}
