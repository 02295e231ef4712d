import { api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { WalletService } from './service.ts';

export function walletRoutes(route: Route, wallet: WalletService): void {
  route(api.wallet.bill, (_input, ctx) => wallet.bill(ctx.user.id));
}
