import { api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { RecordService } from './service.ts';

export function recordRoutes(route: Route, records: RecordService): void {
  route(api.records.deposit, (input, ctx) => records.list(ctx.user.id, 'deposit', input, ctx.lang));
  route(api.records.profit, (input, ctx) => records.list(ctx.user.id, 'profit', input, ctx.lang));
  route(api.records.withdraw, (input, ctx) => records.list(ctx.user.id, 'withdraw', input, ctx.lang));
  route(api.records.points, (input, ctx) => records.list(ctx.user.id, 'points', input, ctx.lang));
}
