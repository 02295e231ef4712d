import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { AccountService } from './service.ts';
import type { UserCare } from './user-care.ts';

export function accountRoutes(route: Route, accounts: AccountService): void {
  route(api.user.sendCode, (input, ctx) => accounts.sendCode(input, ctx));
  route(api.user.register, (input, ctx) => accounts.register(input, ctx));
  route(api.user.login, (input, ctx) => accounts.login(input, ctx));
  route(api.user.logout, (_input, ctx) => accounts.logout(ctx.user.sessionId));
  route(api.user.info, (_input, ctx) => accounts.info(ctx.user.id));
  route(api.user.updateInfo, (input, ctx) => accounts.updateInfo(ctx.user.id, input));
  route(api.user.changePassword, (input, ctx) => accounts.changePassword(ctx.user.id, ctx.user.sessionId, input));
  route(api.user.resetPassword, (input, ctx) => accounts.resetPassword(input, ctx));
  route(api.user.setPayPassword, (input, ctx) => accounts.setPayPassword(ctx.user.id, input));
}

export function accountAdminRoutes(route: Route, accounts: AccountService, care: UserCare): void {
  route(adminApi.admin.users, (input) => accounts.list(input));
  route(adminApi.admin.user, (_input, ctx) => care.detail(ctx.params.id));
  route(adminApi.admin.unlockPayPassword, (_input, ctx) =>
    care.unlockPayPassword(ctx.params.id, { adminId: ctx.admin.id, ip: ctx.ip }),
  );
  route(adminApi.admin.sendPasswordReset, (_input, ctx) =>
    care.sendPasswordReset(ctx.params.id, { adminId: ctx.admin.id, ip: ctx.ip }),
  );
  route(adminApi.admin.freezeUser, (_input, ctx) =>
    accounts.setStatus(ctx.params.id, 'frozen', { adminId: ctx.admin.id, ip: ctx.ip }),
  );
  route(adminApi.admin.unfreezeUser, (_input, ctx) =>
    accounts.setStatus(ctx.params.id, 'active', { adminId: ctx.admin.id, ip: ctx.ip }),
  );
}
