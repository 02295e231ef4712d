import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { adminApi, type OutputOf } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { allowed, call } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { BarChart } from '../../components/BarChart.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { formatDateTime, formatDay, formatInteger, formatMoney, formatNumber } from '../../lib/format.ts';
import { CashPanel } from './CashPanel.tsx';

export const DASHBOARD_KEY = ['admin', 'dashboard'] as const;
export const LEDGER_CHECK_KEY = ['admin', 'ledger-check'] as const;

function InvariantsPanel() {
  const check = useQuery({
    queryKey: LEDGER_CHECK_KEY,
    queryFn: () => call(adminApi.products.ledgerCheck, {}),
    staleTime: 0,
  });
  const data = check.data;
  return (
    <Card
      title="Ledger invariants"
      style={{ marginTop: 16 }}
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => check.refetch()}
          loading={check.isFetching}
          data-testid="invariants-recheck"
        >
          Re-check
        </Button>
      }
    >
      <div aria-live="polite">
        {check.isError && !data ? (
          <ErrorState error={check.error} onRetry={() => check.refetch()} title="The ledger check failed to run" />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : data.ok ? (
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleFilled />}
            title="All invariants hold"
            description={`Every entry balances, balances equal their lines, no user balance is negative, accruals match. Checked ${formatDateTime(new Date(check.dataUpdatedAt).toISOString())}.`}
            data-testid="invariants-ok"
          />
        ) : (
          <Alert
            type="error"
            showIcon
            icon={<CloseCircleFilled />}
            role="alert"
            title={`${data.violations.length} ${data.violations.length === 1 ? 'invariant is' : 'invariants are'} violated`}
            description={
              <List
                size="small"
                dataSource={data.violations}
                data-testid="invariants-violations"
                renderItem={(v) => (
                  <List.Item>
                    <Space orientation="vertical" size={0}>
                      <Typography.Text strong>{v.invariant}</Typography.Text>
                      <Typography.Text>{v.detail}</Typography.Text>
                    </Space>
                  </List.Item>
                )}
              />
            }
          />
        )}
      </div>
    </Card>
  );
}

type SetAside = OutputOf<typeof adminApi.admin.dashboard>['setAside'][number];

/**
 * Holdings the accrual took out because their own figures failed (an overflow, say): they earn
 * nothing until an operator fixes them, while every other holding goes on accruing.
 */
function SetAsidePanel({ count, holdings }: { count: number; holdings: SetAside[] }) {
  if (count === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginTop: 16 }}
      title={`${formatInteger(count)} ${count === 1 ? 'holding is' : 'holdings are'} set aside from accrual`}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            Their own figures made the accrual fail, so they earn nothing until fixed; every other holding goes on
            accruing.{count > holdings.length ? ` The latest ${holdings.length} are listed.` : ''}
          </Typography.Paragraph>
          <List
            size="small"
            dataSource={holdings}
            data-testid="set-aside-holdings"
            renderItem={(h) => (
              <List.Item>
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>
                    Holding #{h.holdingId} of <Link to={`/users/${h.userId}`}>user #{h.userId}</Link>, set aside{' '}
                    {formatDateTime(h.setAsideAt)}
                  </Typography.Text>
                  <Typography.Text type="secondary">{h.error}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        </>
      }
    />
  );
}

export function DashboardPage() {
  const admin = useAdmin();
  const query = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: () => call(adminApi.admin.dashboard, {}),
    refetchInterval: 60_000,
  });

  const data = query.data;
  const canConfigure = allowed(admin.role, adminApi.admin.putConfig);
  const canCheck = allowed(admin.role, adminApi.products.ledgerCheck);
  const canCash = allowed(admin.role, adminApi.cash.cashSummary);

  return (
    <>
      <PageTitle subtitle="Figures refresh every minute.">Dashboard</PageTitle>
      {query.isError && !data ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} xl={6}>
              <Card>
                <Statistic
                  title="Users total"
                  value={data ? formatInteger(data.usersTotal) : ''}
                  loading={!data}
                  data-testid="stat-users-total"
                />
              </Card>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Card>
                <Statistic
                  title="Sign-ups today"
                  value={data ? formatInteger(data.signupsToday) : ''}
                  loading={!data}
                  data-testid="stat-signups-today"
                />
              </Card>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Card>
                <Statistic
                  title="Active sessions"
                  value={data ? formatInteger(data.activeSessions) : ''}
                  loading={!data}
                  data-testid="stat-active-sessions"
                />
              </Card>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Card>
                <Statistic
                  title={
                    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                      Maintenance
                      {canConfigure && <Link to="/config">Change</Link>}
                    </Space>
                  }
                  loading={!data}
                  value={data ? (data.maintenance ? 'On' : 'Off') : ''}
                  valueRender={() =>
                    data ? (
                      <Tag
                        color={data.maintenance ? 'red' : 'green'}
                        style={{ fontSize: 16, padding: '2px 10px', lineHeight: '24px' }}
                        data-testid="stat-maintenance"
                      >
                        {data.maintenance ? 'ON — users locked out' : 'Off'}
                      </Tag>
                    ) : null
                  }
                />
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} sm={12} xl={8}>
              <Card>
                <Statistic
                  title="Purchases today"
                  value={data ? formatInteger(data.purchasesToday) : ''}
                  loading={!data}
                  data-testid="stat-purchases-today"
                />
              </Card>
            </Col>
            <Col xs={24} sm={12} xl={8}>
              <Card>
                <Statistic
                  title="Purchase amount today"
                  value={data ? formatMoney(data.purchaseAmountToday) : ''}
                  loading={!data}
                  data-testid="stat-purchase-amount-today"
                />
              </Card>
            </Col>
            <Col xs={24} sm={12} xl={8}>
              <Card>
                <Statistic
                  title="Profit paid today"
                  value={data ? formatMoney(data.profitToday) : ''}
                  loading={!data}
                  data-testid="stat-profit-today"
                />
              </Card>
            </Col>
          </Row>
          {data && <SetAsidePanel count={data.setAsideCount} holdings={data.setAside} />}
          {canCash && <CashPanel />}
          <Card title="Sign-ups by day" style={{ marginTop: 16 }}>
            {!data ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : data.signupsByDay.length === 0 ? (
              <Empty description="No sign-ups in this period yet." />
            ) : (
              <BarChart
                title="Sign-ups by day"
                valueHeader="Sign-ups"
                data={data.signupsByDay.map((d) => ({ label: formatDay(d.day), value: String(d.count) }))}
                format={formatNumber}
              />
            )}
          </Card>
          <Card title="Purchases by day (amount)" style={{ marginTop: 16 }}>
            {!data ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : data.purchasesByDay.length === 0 ? (
              <Empty description="No purchases in this period yet." />
            ) : (
              <BarChart
                title="Purchases by day (amount)"
                valueHeader="Amount"
                color="#13a8a8"
                data={data.purchasesByDay.map((d) => ({ label: formatDay(d.day), value: d.amount }))}
                format={formatMoney}
              />
            )}
          </Card>
        </>
      )}
      {canCheck && <InvariantsPanel />}
    </>
  );
}
