import { api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { StatementService } from './service.ts';

export function statementRoutes(route: Route, statement: StatementService): void {
  route(api.wallet.statement, (input, ctx) => statement.page(ctx.user.id, input, ctx.lang));
}
