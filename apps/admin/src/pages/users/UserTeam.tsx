import { adminApi, type OutputOf, TEAM_LEVELS, type TeamLevel } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Radio, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../api.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { renderMoney } from '../../components/Money.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { SectionTitle } from '../../components/SectionTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatDateTime, formatInteger, formatMoney } from '../../lib/format.ts';

type Member = OutputOf<typeof adminApi.team.userTeamMembers>['items'][number];

const userTeamKey = (id: number) => ['admin', 'user-team', id] as const;

const MEMBER_CSV: CsvColumn<Member>[] = [
  { title: 'User ID', value: (m) => m.id },
  { title: 'Account', value: (m) => m.account },
  { title: 'Nickname', value: (m) => m.nickname },
  { title: 'Level', value: (m) => m.level },
  { title: 'Registered', value: (m) => m.registeredAt },
  { title: 'Contribution', value: (m) => m.contribution },
];

const MEMBER_COLUMNS: ColumnsType<Member> = [
  { title: 'User', dataIndex: 'id', render: (id: number) => <Link to={`/users/${id}`}>#{id}</Link> },
  {
    title: 'Account',
    key: 'account',
    render: (_, m) => (
      <Space orientation="vertical" size={0}>
        <span>{m.account}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {m.nickname}
        </Typography.Text>
      </Space>
    ),
  },
  { title: 'Registered', dataIndex: 'registeredAt', render: formatDateTime },
  {
    title: 'Earned the user',
    dataIndex: 'contribution',
    align: 'right',
    render: renderMoney,
  },
];

/** Where a user sits in the invite tree: who invited them (three levels up) and their team below. */
export function UserTeam({ userId }: { userId: number }) {
  const [level, setLevel] = useState<TeamLevel>(1);
  const team = useQuery({
    queryKey: userTeamKey(userId),
    queryFn: () => call(adminApi.team.userTeam, {}, { id: userId }),
  });

  if (team.isError && !team.data) return <ErrorState error={team.error} onRetry={() => team.refetch()} />;
  if (!team.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const { upline, levels, teamSize, totalCommission } = team.data;

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="user-team">
      <div>
        <SectionTitle look={5}>Upline</SectionTitle>
        {upline.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Signed up without an invite code." />
        ) : (
          <Descriptions
            column={1}
            size="small"
            bordered
            data-testid="user-upline"
            items={upline.map((above) => ({
              key: above.id,
              label: `Level ${above.level}${above.level === 1 ? ' (inviter)' : ''}`,
              children: (
                <Link to={`/users/${above.id}`}>
                  #{above.id} {above.account} ({above.nickname})
                </Link>
              ),
            }))}
          />
        )}
      </div>
      <div>
        <SectionTitle look={5}>Downline</SectionTitle>
        <Row gutter={[16, 16]}>
          <Col xs={12} lg={6}>
            <Card size="small">
              <Statistic title="Team size" value={formatInteger(teamSize)} data-testid="user-team-size" />
            </Card>
          </Col>
          <Col xs={12} lg={6}>
            <Card size="small">
              <Statistic
                title="Commission from the team"
                value={formatMoney(totalCommission)}
                data-testid="user-team-commission"
              />
            </Card>
          </Col>
          {levels.map((figures) => (
            <Col key={figures.level} xs={8} lg={4}>
              <Card size="small">
                <Statistic
                  title={`Level ${figures.level}`}
                  value={formatInteger(figures.count)}
                  data-testid={`user-team-level-${figures.level}`}
                />
                <Typography.Text type="secondary">{formatMoney(figures.commission)}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </div>
      <PagedTable<Member>
        key={level}
        queryKey={[...userTeamKey(userId), 'members', level]}
        load={(input) =>
          call(adminApi.team.userTeamMembers, { level, cursor: input.cursor, limit: input.limit }, { id: userId })
        }
        columns={MEMBER_COLUMNS}
        rowKey="id"
        rowTestId="team-member-row"
        csv={{ name: `user-${userId}-team-level-${level}`, columns: MEMBER_CSV }}
        emptyText="Nobody at this level of the team."
        toolbar={
          <Radio.Group
            value={level}
            onChange={(event) => setLevel(event.target.value as TeamLevel)}
            optionType="button"
            buttonStyle="solid"
            aria-label="Team level"
            data-testid="user-team-levels"
            options={TEAM_LEVELS.map((each) => ({ value: each, label: `Level ${each}` }))}
          />
        }
      />
    </Space>
  );
}
