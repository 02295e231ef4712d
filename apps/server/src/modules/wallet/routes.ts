import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { AdjustmentService } from './adjustments.ts';
import type { WalletService } from './service.ts';

export function walletRoutes(route: Route, wallet: WalletService): void {
  route(api.wallet.bill, (_input, ctx) => wallet.bill(ctx.user.id), { small: true });
}

export function walletAdminRoutes(route: Route, deps: { wallet: WalletService; adjustments: AdjustmentService }): void {
  route(adminApi.products.userLedger, (input, ctx) => deps.wallet.userLedger(ctx.params.id, input));
  route(adminApi.products.adjust, (input, ctx) =>
    deps.adjustments.adjust(ctx.params.id, input, { adminId: ctx.admin.id, ip: ctx.ip }, ctx.idempotencyKey),
  );
  route(adminApi.products.ledgerCheck, () => deps.wallet.ledgerCheck());
}
