import { adminApi, api } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Route } from '../../http/router.ts';
import { checkLedger } from '../../ledger/check.ts';
import type { ConfigService } from '../config/service.ts';
import type { AdjustmentService } from './adjustments.ts';
import { userLedger, type WalletService } from './service.ts';

export function walletRoutes(route: Route, wallet: WalletService): void {
  route(api.wallet.bill, (_input, ctx) => wallet.bill(ctx.user.id));
}

export function walletAdminRoutes(
  route: Route,
  deps: { db: Db; config: ConfigService; adjustments: AdjustmentService },
): void {
  route(adminApi.products.userLedger, async (input, ctx) =>
    userLedger(deps.db, ctx.params.id, await deps.config.get('app_currency_decimals'), input),
  );
  route(adminApi.products.adjust, (input, ctx) =>
    deps.adjustments.adjust(ctx.params.id, input, { adminId: ctx.admin.id, ip: ctx.ip }, ctx.idempotencyKey),
  );
  route(adminApi.products.ledgerCheck, () => checkLedger(deps.db));
}
