import { adminApi, type OutputOf } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Card, Descriptions, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { formatShortDateTime } from '../../lib/format.ts';

type UserDetail = OutputOf<typeof adminApi.admin.user>;

export const userKey = (id: number) => ['admin', 'user', id] as const;

/**
 * Who the user is (account, nickname, inviter, status) and the two ways an operator helps a stuck
 * user: lift the payment password's lock, send a password-reset code to the user's own account.
 * Both are audited, and the operator never sees a code.
 */
export function UserCard({ userId }: { userId: number }) {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: userKey(userId), queryFn: () => call(adminApi.admin.user, {}, { id: userId }) });
  const unlock = useMutation({
    mutationFn: () => call(adminApi.admin.unlockPayPassword, {}, { id: userId }),
    onSuccess: (user) => {
      message.success(`The payment password of ${user.account} is unlocked.`);
      queryClient.setQueryData(userKey(userId), user);
    },
    onError: (error) => message.error(errorText(error)),
  });
  const reset = useMutation({
    mutationFn: () => call(adminApi.admin.sendPasswordReset, {}, { id: userId }),
    onSuccess: () => message.success('A password-reset code was sent to the user’s own account.'),
    onError: (error) => message.error(errorText(error)),
  });

  if (query.isError && !query.data)
    return <ErrorState error={query.error} onRetry={() => query.refetch()} title="The user could not load" />;
  const user: UserDetail | undefined = query.data;
  if (!user) return <Skeleton active paragraph={{ rows: 2 }} />;
  const canUnlock = allowed(admin.role, adminApi.admin.unlockPayPassword);
  const canReset = allowed(admin.role, adminApi.admin.sendPasswordReset);
  const confirmProps = { autoFocus: true, 'data-testid': 'confirm-ok' } as ButtonProps;

  return (
    <Card
      style={{ marginBottom: 16 }}
      data-testid="user-card"
      extra={
        <Space wrap>
          {canUnlock && user.payPasswordLockedUntil && (
            <Popconfirm
              title={`Unlock the payment password of ${user.account}?`}
              description="Wrong tries locked it. Unlocking lets the user try again at once."
              okText="Unlock"
              okButtonProps={confirmProps}
              onConfirm={() => unlock.mutateAsync().catch(() => undefined)}
            >
              <Button loading={unlock.isPending} data-testid="user-unlock-pay-password">
                Unlock payment password
              </Button>
            </Popconfirm>
          )}
          {canReset && (
            <Popconfirm
              title={`Send a password-reset code to ${user.account}?`}
              description="The code goes to the user's own email or phone; you will not see it."
              okText="Send"
              okButtonProps={confirmProps}
              onConfirm={() => reset.mutateAsync().catch(() => undefined)}
            >
              <Button loading={reset.isPending} data-testid="user-send-reset">
                Send password-reset code
              </Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="Account">
          <span data-testid="user-account">{user.account}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Nickname">{user.nickname}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <Tag color={user.status === 'active' ? 'green' : 'red'} data-testid="user-status">
            {user.status === 'active' ? 'Active' : 'Frozen'}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Invited by">
          {user.inviterId === null ? (
            '—'
          ) : (
            <Link to={`/users/${user.inviterId}`} data-testid="user-inviter">
              {user.inviterAccount ?? `#${user.inviterId}`}
            </Link>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Invite code">{user.inviteCode}</Descriptions.Item>
        <Descriptions.Item label="Payment password">
          {!user.hasPayPassword ? (
            'Not set'
          ) : user.payPasswordLockedUntil ? (
            <Tag color="orange" data-testid="user-pay-password-locked">
              Locked until {formatShortDateTime(user.payPasswordLockedUntil)}
            </Tag>
          ) : (
            'Set'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Signed up">{formatShortDateTime(user.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Last sign-in">
          {user.lastLoginAt ? formatShortDateTime(user.lastLoginAt) : '—'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
