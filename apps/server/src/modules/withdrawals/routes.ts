import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { PayPasswords } from './pay-password.ts';
import type { PayoutAccountService } from './payout-accounts.ts';
import type { WithdrawalService } from './service.ts';

export function withdrawalRoutes(
  route: Route,
  deps: { withdrawals: WithdrawalService; accounts: PayoutAccountService; payPasswords: PayPasswords },
): void {
  const { withdrawals, accounts, payPasswords } = deps;
  route(api.cash.payoutOptions, () => accounts.options());
  route(api.cash.payoutAccounts, (_input, ctx) => accounts.list(ctx.user.id));
  route(api.cash.addPayoutAccount, (input, ctx) => accounts.add(ctx.user.id, input, ctx.lang));
  route(api.cash.updatePayoutAccount, (input, ctx) => accounts.update(ctx.user.id, ctx.params.id, input, ctx.lang));
  route(api.cash.deletePayoutAccount, (_input, ctx) => accounts.remove(ctx.user.id, ctx.params.id));
  route(api.cash.changePayPassword, (input, ctx) =>
    payPasswords.change(ctx.user.id, input.oldPayPassword, input.payPassword),
  );
  route(api.cash.withdrawQuote, (input, ctx) => withdrawals.quote(ctx.user.id, input.amount, ctx.lang));
  route(api.cash.withdrawRules, (_input, ctx) => withdrawals.rules(ctx.user.id, ctx.lang));
  route(api.cash.withdraw, (input, ctx) => withdrawals.request(ctx.user.id, input, ctx));
  route(api.cash.withdrawals, (input, ctx) => withdrawals.list({ ...input, userId: ctx.user.id }));
}

export function withdrawalAdminRoutes(
  route: Route,
  deps: { withdrawals: WithdrawalService; accounts: PayoutAccountService },
): void {
  const { withdrawals, accounts } = deps;
  const actorOf = (ctx: { admin: { id: number }; ip: string }) => ({ adminId: ctx.admin.id, ip: ctx.ip });
  route(adminApi.cash.withdrawals, (input) => withdrawals.list(input));
  route(adminApi.cash.approveWithdrawal, (_input, ctx) => withdrawals.approve(ctx.params.id, actorOf(ctx)));
  route(adminApi.cash.rejectWithdrawal, (input, ctx) => withdrawals.reject(ctx.params.id, input.reason, actorOf(ctx)));
  route(adminApi.cash.payWithdrawal, (_input, ctx) => withdrawals.pay(ctx.params.id, actorOf(ctx)));
  route(adminApi.cash.markPaid, (_input, ctx) => withdrawals.markPaid(ctx.params.id, actorOf(ctx)));
  route(adminApi.cash.markFailed, (input, ctx) => withdrawals.markFailed(ctx.params.id, input.reason, actorOf(ctx)));
  route(adminApi.cash.bulkReview, (input, ctx) =>
    withdrawals.bulk(input.ids, input.action, input.reason, actorOf(ctx), ctx.lang),
  );
  route(adminApi.cash.payoutAccounts, (input) => accounts.adminList(input));
  route(adminApi.cash.approvePayoutAccount, (_input, ctx) =>
    accounts.review(ctx.params.id, 'approved', null, actorOf(ctx)),
  );
  route(adminApi.cash.rejectPayoutAccount, (input, ctx) =>
    accounts.review(ctx.params.id, 'rejected', input.reason, actorOf(ctx)),
  );
}
