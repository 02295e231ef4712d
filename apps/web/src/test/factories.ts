import type { UserInfo } from '@app/contracts';

/** A signed-in user as `GET /userInfo` describes one, with the fields a test cares about changed. */
export function buildUser(changes: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 3,
    nickname: 'Ada',
    avatar: '',
    account: 'ada@example.com',
    inviteCode: 'ADA123',
    level: 0,
    vip: 'normal',
    createdAt: '2026-11-01T10:00:00Z',
    hasPayPassword: false,
    ...changes,
  };
}
