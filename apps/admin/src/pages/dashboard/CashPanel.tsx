import { Card, Col, Descriptions, Progress, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState.tsx';
import { SectionTitle } from '../../components/SectionTitle.tsx';
import { SOLVENCY_COLORS, solvencyLevel, solvencyText } from '../../lib/cash.ts';
import { parseDecimal, sumDecimals } from '../../lib/decimal.ts';
import { formatInteger, formatMoney } from '../../lib/format.ts';
import { useCashSummary } from '../cash/queries.ts';

const LEVEL_LABELS = { healthy: 'Covered', watch: 'Watch', short: 'Short', unknown: 'No ratio' } as const;

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

/** Today's money in and out, the review queue, and solvency (cash held against what is owed). */
export function CashPanel() {
  const query = useCashSummary();
  const data = query.data;
  if (query.isError && !data)
    return (
      <div style={{ marginTop: 16 }}>
        <ErrorState error={query.error} onRetry={() => query.refetch()} title="Cash figures could not load" />
      </div>
    );

  const level = solvencyLevel(data?.solvencyRatio);
  const color = SOLVENCY_COLORS[level];
  const owed = data ? sumDecimals([data.owedBalances, data.owedFutureIncome]) : '';
  const ratio = data && level !== 'unknown' ? Number(data.solvencyRatio) : null;

  return (
    <>
      <SectionTitle look={4} style={{ marginTop: 24 }}>
        Cash
      </SectionTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={8}>
          <Card>
            <Statistic
              title="Deposits today"
              value={data ? formatMoney(data.depositsToday) : ''}
              loading={!data}
              valueStyle={tabular}
              data-testid="stat-deposits-today"
              suffix={
                data ? (
                  <Typography.Text type="secondary" style={{ fontSize: 14 }}>
                    {formatInteger(data.depositCountToday)} {data.depositCountToday === 1 ? 'top-up' : 'top-ups'}
                  </Typography.Text>
                ) : undefined
              }
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <Card>
            <Statistic
              title="Withdrawals paid today"
              value={data ? formatMoney(data.withdrawalsPaidToday) : ''}
              loading={!data}
              valueStyle={tabular}
              data-testid="stat-withdrawals-today"
              suffix={
                data ? (
                  <Typography.Text type="secondary" style={{ fontSize: 14 }}>
                    {formatInteger(data.withdrawalCountToday)}{' '}
                    {data.withdrawalCountToday === 1 ? 'payment' : 'payments'}
                  </Typography.Text>
                ) : undefined
              }
            />
          </Card>
        </Col>
        <Col xs={24} sm={24} xl={8}>
          <Card>
            <Statistic
              title={
                <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                  Withdrawals pending review
                  <Link to="/withdrawals" data-testid="link-review-queue">
                    Open the queue
                  </Link>
                </Space>
              }
              value={data ? formatInteger(data.pendingReview) : ''}
              loading={!data}
              valueStyle={data && data.pendingReview > 0 ? { color: '#d48806' } : undefined}
              data-testid="stat-pending-review"
            />
          </Card>
        </Col>
      </Row>
      <Card title="Solvency" style={{ marginTop: 16 }} data-testid="solvency-panel">
        {!data ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <Row gutter={[24, 16]} align="middle">
            <Col xs={24} md={8} style={{ textAlign: 'center' }}>
              <Progress
                type="dashboard"
                percent={ratio === null ? 0 : Math.max(0, Math.min(100, ratio))}
                strokeColor={color}
                size={160}
                format={() => (
                  <span style={{ color, fontSize: 26, fontWeight: 600 }} data-testid="solvency-ratio">
                    {ratio === null ? '—' : `${data.solvencyRatio} %`}
                  </span>
                )}
                aria-label={`Solvency ratio ${ratio === null ? 'not available' : `${data.solvencyRatio} percent`}`}
              />
              <div>
                <Typography.Text strong style={{ color }} data-testid="solvency-level">
                  {LEVEL_LABELS[level]}
                </Typography.Text>
              </div>
            </Col>
            <Col xs={24} md={16}>
              <Descriptions
                column={1}
                size="small"
                bordered
                items={[
                  {
                    key: 'held',
                    label: 'Cash held',
                    children: <strong style={tabular}>{formatMoney(data.cashHeld)}</strong>,
                  },
                  {
                    key: 'balances',
                    label: 'Owed: user balances',
                    children: <span style={tabular}>{formatMoney(data.owedBalances)}</span>,
                  },
                  {
                    key: 'future',
                    label: 'Owed: future machine income',
                    children: <span style={tabular}>{formatMoney(data.owedFutureIncome)}</span>,
                  },
                  {
                    key: 'owed',
                    label: 'Owed in total',
                    children: <strong style={tabular}>{formatMoney(owed)}</strong>,
                  },
                  ...(parseDecimal(data.demoMoney) ? [demoRow(data.demoMoney)] : []),
                ]}
              />
              <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} data-testid="solvency-text">
                {solvencyText(level, data.solvencyRatio)}
              </Typography.Paragraph>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Cash held is confirmed deposits minus paid withdrawals. Green from 100 %, amber from 80 %, red below.
              </Typography.Text>
            </Col>
          </Row>
        )}
      </Card>
    </>
  );
}

/** The trial's demo money, shown apart: it is part of the balances above, but the ratio leaves it out. */
function demoRow(demoMoney: string) {
  return {
    key: 'demo',
    label: 'Demo money (not counted in the ratio)',
    children: (
      <span style={tabular} data-testid="solvency-demo-money">
        {formatMoney(demoMoney)}
      </span>
    ),
  };
}
