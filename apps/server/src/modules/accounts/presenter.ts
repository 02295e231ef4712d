import type { UserInfo } from '@app/contracts';
import type { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

export function presentUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    nickname: user.nickname,
    avatar: user.avatar,
    account: user.account,
    inviteCode: user.inviteCode,
    level: user.level,
    vip: user.vip,
    createdAt: user.createdAt.toISOString(),
    hasPayPassword: user.payPasswordHash !== null,
  };
}

export function presentAdminUserRow(user: UserRow) {
  return {
    id: user.id,
    account: user.account,
    nickname: user.nickname,
    inviteCode: user.inviteCode,
    inviterId: user.inviterId,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}
