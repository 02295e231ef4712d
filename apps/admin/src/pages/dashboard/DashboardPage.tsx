import { adminApi } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Space, Statistic, Tag } from 'antd';
import { Link } from 'react-router';
import { allowed, call } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { BarChart } from '../../components/BarChart.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { formatDay, formatInteger } from '../../lib/format.ts';

export const DASHBOARD_KEY = ['admin', 'dashboard'] as const;

export function DashboardPage() {
  const admin = useAdmin();
  const query = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: () => call(adminApi.admin.dashboard, {}),
    refetchInterval: 60_000,
  });

  const data = query.data;
  const canConfigure = allowed(admin.role, adminApi.admin.putConfig);

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
          <Card title="Sign-ups by day" style={{ marginTop: 16 }}>
            {!data ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : data.signupsByDay.length === 0 ? (
              <Empty description="No sign-ups in this period yet." />
            ) : (
              <BarChart
                title="Sign-ups by day"
                valueHeader="Sign-ups"
                data={data.signupsByDay.map((d) => ({ label: formatDay(d.day), value: d.count }))}
                format={formatInteger}
              />
            )}
          </Card>
        </>
      )}
    </>
  );
}
