import { adminApi, type OutputOf } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatDateTime } from '../../lib/format.ts';

type UserRow = OutputOf<typeof adminApi.admin.users>['items'][number];

export const USERS_KEY = ['admin', 'users'] as const;

const STATUS_COLORS: Record<UserRow['status'], string> = { active: 'green', frozen: 'blue' };

export const USER_CSV: CsvColumn<UserRow>[] = [
  { title: 'ID', value: (u) => u.id },
  { title: 'Account', value: (u) => u.account },
  { title: 'Nickname', value: (u) => u.nickname },
  { title: 'Invite code', value: (u) => u.inviteCode },
  { title: 'Inviter ID', value: (u) => u.inviterId },
  { title: 'Status', value: (u) => u.status },
  { title: 'Created at', value: (u) => u.createdAt },
  { title: 'Last sign-in', value: (u) => u.lastLoginAt },
];

function FreezeButton({ user }: { user: UserRow }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const freeze = user.status === 'active';
  const mutation = useMutation({
    mutationFn: () =>
      freeze
        ? call(adminApi.admin.freezeUser, {}, { id: user.id })
        : call(adminApi.admin.unfreezeUser, {}, { id: user.id }),
    onSuccess: (updated) => {
      message.success(`${updated.account} is now ${updated.status}.`);
      return queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
    onError: (error) => message.error(errorText(error)),
  });
  return (
    <Popconfirm
      title={freeze ? `Freeze ${user.account}?` : `Unfreeze ${user.account}?`}
      description={
        freeze ? 'They are signed out at once and cannot sign in until unfrozen.' : 'They can sign in again.'
      }
      okText={freeze ? 'Freeze' : 'Unfreeze'}
      okButtonProps={{ danger: freeze, autoFocus: true, 'data-testid': 'confirm-ok' } as ButtonProps}
      onConfirm={() => mutation.mutateAsync().catch(() => undefined)}
    >
      <Button
        size="small"
        danger={freeze}
        loading={mutation.isPending}
        data-testid={freeze ? 'user-freeze' : 'user-unfreeze'}
      >
        {freeze ? 'Freeze' : 'Unfreeze'}
      </Button>
    </Popconfirm>
  );
}

export function UsersPage() {
  const admin = useAdmin();
  const canFreeze = allowed(admin.role, adminApi.admin.freezeUser);

  const columns: ColumnsType<UserRow> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: 'Account',
      dataIndex: 'account',
      render: (account: string) => (
        <Typography.Text copyable={{ text: account }} data-testid="user-account">
          {account}
        </Typography.Text>
      ),
    },
    { title: 'Nickname', dataIndex: 'nickname' },
    {
      title: 'Invite code',
      dataIndex: 'inviteCode',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    { title: 'Inviter', dataIndex: 'inviterId', render: (id: number | null) => id ?? '—' },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: UserRow['status']) => (
        <Tag color={STATUS_COLORS[status]} data-testid="user-status">
          {status}
        </Tag>
      ),
    },
    { title: 'Created', dataIndex: 'createdAt', render: formatDateTime },
    { title: 'Last sign-in', dataIndex: 'lastLoginAt', render: formatDateTime },
  ];
  columns.push({
    title: 'Actions',
    key: 'actions',
    fixed: 'right',
    render: (_, user) => (
      <Space size="small">
        <Link to={`/users/${user.id}`} data-testid="user-details" aria-label={`Details of ${user.account}`}>
          Details
        </Link>
        {canFreeze && <FreezeButton user={user} />}
      </Space>
    ),
  });

  return (
    <>
      <PageTitle subtitle="Search by account (email, or phone as users type it), nickname, invite code or ID.">
        Users
      </PageTitle>
      <PagedTable<UserRow>
        queryKey={USERS_KEY}
        load={(input) => call(adminApi.admin.users, input)}
        columns={columns}
        rowKey="id"
        rowTestId="user-row"
        search={{ label: 'Search users', placeholder: 'Account, phone, nickname, code or ID', testId: 'users-search' }}
        csv={{ name: 'users', columns: USER_CSV }}
        emptyText="No users have signed up yet."
      />
    </>
  );
}
