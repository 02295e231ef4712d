import { ArrowLeftOutlined } from '@ant-design/icons';
import { adminApi, type OutputOf, USER_ACCOUNT_KINDS, type UserAccountKind } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Result, Row, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useParams } from 'react-router';
import { allowed, call } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatShortDateTime } from '../../lib/format.ts';
import { DepositsTable } from '../cash/DepositsTable.tsx';
import { WithdrawalsTable } from '../cash/WithdrawalsTable.tsx';
import { HoldingsTable } from '../holdings/HoldingsTable.tsx';
import { OrdersTable } from '../orders/OrdersTable.tsx';
import { UserLevelCard } from '../vip/UserLevelCard.tsx';
import { AdjustForm } from './AdjustForm.tsx';
import { ACCOUNT_LABELS, accountLabel, entryTypeLabel, ledgerMemo, signedAmount, walletAmount } from './entryLabels.ts';
import { UserCard, userKey } from './UserCard.tsx';
import { UserTeam } from './UserTeam.tsx';

type LedgerLine = OutputOf<typeof adminApi.products.userLedger>['items'][number] & { rowId: string };

export const userLedgerKey = (id: number) => ['admin', 'user-ledger', id] as const;

const LEDGER_CSV: CsvColumn<LedgerLine>[] = [
  { title: 'Entry ID', value: (l) => l.entryId },
  { title: 'Time', value: (l) => l.createdAt },
  { title: 'Type', value: (l) => l.type },
  { title: 'Account', value: (l) => l.account },
  { title: 'Amount', value: (l) => l.amount },
  { title: 'Memo', value: (l) => l.memo },
  { title: 'Team member', value: (l) => l.memberId },
  { title: 'SVIP level bought', value: (l) => l.levelName },
  { title: 'By admin', value: (l) => l.adminName },
  { title: 'Admin email', value: (l) => l.adminEmail },
];

const LEDGER_COLUMNS: ColumnsType<LedgerLine> = [
  { title: 'Time', dataIndex: 'createdAt', render: formatShortDateTime },
  {
    title: 'Entry',
    key: 'type',
    render: (_, l) => (
      <Space orientation="vertical" size={0}>
        <span>{entryTypeLabel(l.type)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          #{l.entryId}
        </Typography.Text>
      </Space>
    ),
  },
  { title: 'Account', dataIndex: 'account', render: (a: string) => <Tag>{accountLabel(a)}</Tag> },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'right',
    render: (amount: string, l) => (
      <Typography.Text
        type={amount.startsWith('-') ? 'danger' : /[1-9]/.test(amount) ? 'success' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {signedAmount(l.account, amount)}
      </Typography.Text>
    ),
  },
  {
    title: 'Memo',
    key: 'memo',
    render: (_, l) => {
      const memo = ledgerMemo(l);
      if (memo) return <span title={l.adminEmail ?? undefined}>{memo}</span>;
      return l.memberId === null ? '—' : <Link to={`/users/${l.memberId}`}>from team member #{l.memberId}</Link>;
    },
  },
];

const BALANCE_ORDER: UserAccountKind[] = ['deposit', 'income', 'uncollected', 'withdraw_hold', 'points'];

export function UserDetailPage() {
  const admin = useAdmin();
  const queryClient = useQueryClient();
  const { id: raw } = useParams();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const canLedger = allowed(admin.role, adminApi.products.userLedger);
  const canAdjust = allowed(admin.role, adminApi.products.adjust);
  const canWithdrawals = allowed(admin.role, adminApi.cash.withdrawals);
  const canDeposits = allowed(admin.role, adminApi.cash.deposits);
  const canTeam = allowed(admin.role, adminApi.team.userTeam);
  const canLevel = allowed(admin.role, adminApi.vip.userLevel);

  // The same query as the user's card: the page is titled with their account.
  const user = useQuery({
    queryKey: userKey(id),
    queryFn: () => call(adminApi.admin.user, {}, { id }),
    enabled: valid,
  });
  const balances = useQuery({
    queryKey: [...userLedgerKey(id), 'balances'],
    queryFn: () => call(adminApi.products.userLedger, { limit: 1 }, { id }),
    enabled: valid && canLedger,
  });

  if (!valid)
    return (
      <Result
        status="404"
        title="No such user"
        extra={
          <Link to="/users">
            <Button>Back to users</Button>
          </Link>
        }
      />
    );

  const data = balances.data?.balances;
  const kinds = BALANCE_ORDER.filter((k) => (USER_ACCOUNT_KINDS as readonly string[]).includes(k));

  const tabs = [
    ...(canLedger
      ? [
          {
            key: 'ledger',
            label: 'Ledger',
            children: (
              <PagedTable<LedgerLine>
                queryKey={[...userLedgerKey(id), 'lines']}
                load={async (input) => {
                  const page = await call(
                    adminApi.products.userLedger,
                    { cursor: input.cursor, limit: input.limit },
                    { id },
                  );
                  return {
                    nextCursor: page.nextCursor,
                    items: page.items.map((line, index) => ({
                      ...line,
                      rowId: `${line.entryId}-${line.account}-${input.cursor ?? ''}-${index}`,
                    })),
                  };
                }}
                columns={LEDGER_COLUMNS}
                rowKey="rowId"
                rowTestId="ledger-row"
                csv={{ name: `user-${id}-ledger`, columns: LEDGER_CSV }}
                emptyText="No money has moved on this account yet."
              />
            ),
          },
        ]
      : []),
    { key: 'orders', label: 'Orders', children: <OrdersTable userId={id} csvName={`user-${id}-orders`} /> },
    {
      key: 'holdings',
      label: 'Holdings',
      children: <HoldingsTable userId={id} csvName={`user-${id}-holdings`} />,
    },
    ...(canWithdrawals
      ? [
          {
            key: 'withdrawals',
            label: <span data-testid="user-tab-withdrawals">Withdrawals</span>,
            children: <WithdrawalsTable userId={id} csvName={`user-${id}-withdrawals`} bulk={false} />,
          },
        ]
      : []),
    ...(canDeposits
      ? [
          {
            key: 'deposits',
            label: <span data-testid="user-tab-deposits">Deposits</span>,
            children: <DepositsTable userId={id} csvName={`user-${id}-deposits`} />,
          },
        ]
      : []),
    ...(canTeam
      ? [{ key: 'team', label: <span data-testid="user-tab-team">Team</span>, children: <UserTeam userId={id} /> }]
      : []),
  ];

  return (
    <>
      <PageTitle
        subtitle={`User #${id}: balances, money movements, purchases and machines.`}
        extra={
          <Link to="/users">
            <Button icon={<ArrowLeftOutlined />}>All users</Button>
          </Link>
        }
      >
        {user.data?.account ?? `User #${id}`}
      </PageTitle>
      <UserCard userId={id} />
      {canLedger &&
        (balances.isError && !data ? (
          <ErrorState error={balances.error} onRetry={() => balances.refetch()} title="Balances could not load" />
        ) : (
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            {kinds.map((kind) => (
              <Col key={kind} xs={24} sm={12} lg={8} xl={4}>
                <Card size="small">
                  <Statistic
                    title={ACCOUNT_LABELS[kind]}
                    value={data ? walletAmount(kind, data[kind]) : ''}
                    loading={!data}
                    data-testid={`balance-${kind}`}
                    valueStyle={{ fontVariantNumeric: 'tabular-nums' }}
                  />
                </Card>
              </Col>
            ))}
          </Row>
        ))}
      {canLevel && <UserLevelCard userId={id} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={canAdjust ? 16 : 24}>
          <Card>
            <Tabs items={tabs} destroyOnHidden />
          </Card>
        </Col>
        {canAdjust && (
          <Col xs={24} xl={8}>
            <Card title="Adjust a wallet">
              <AdjustForm
                userId={id}
                balances={data}
                onDone={() => void queryClient.invalidateQueries({ queryKey: userLedgerKey(id) })}
              />
            </Card>
          </Col>
        )}
      </Row>
    </>
  );
}
