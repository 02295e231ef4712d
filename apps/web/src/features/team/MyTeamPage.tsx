import { TEAM_LEVELS, type TeamLevel, type TeamMember } from '@app/contracts';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api';
import { useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { formatDate, formatMoney } from '../../lib/format';
import { useSession } from '../../store/session';
import { teamKeys, useTeamSummary } from './useTeam';
import './team.css';

function TeamSummary({ level, onLevel }: { level: TeamLevel; onLevel: (level: TeamLevel) => void }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const query = useTeamSummary();
  const team = query.data;
  if (!team && query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (!team) return <LoadingSkeleton lines={5} />;
  return (
    <>
      <div className="card hero" data-testid="team-summary">
        <div className="hero-label">{t('team.totalCommission')}</div>
        <div className="hero-amount" data-testid="team-total-commission">
          {formatMoney(team.totalCommission, symbol)}
        </div>
        <div className="hero-row">
          <div>
            <div className="hero-label">{t('team.teamSize')}</div>
            <div className="hero-value" data-testid="team-size">
              {team.teamSize}
            </div>
          </div>
          <div>
            <div className="hero-label">{t('team.todayCommission')}</div>
            <div className="hero-value" data-testid="team-today-commission">
              {formatMoney(team.todayCommission, symbol)}
            </div>
          </div>
        </div>
      </div>
      <div className="team-levels">
        {team.levels.map((figures) => (
          <button
            type="button"
            key={figures.level}
            className={figures.level === level ? 'card team-level active' : 'card team-level'}
            aria-pressed={figures.level === level}
            data-testid={`team-level-${figures.level}`}
            onClick={() => onLevel(figures.level as TeamLevel)}
          >
            <span className="muted small">{t('team.levelName', { level: figures.level })}</span>
            <span className="team-level-count" data-testid={`team-level-${figures.level}-count`}>
              {figures.count}
            </span>
            <span className="small team-level-commission" data-testid={`team-level-${figures.level}-commission`}>
              {formatMoney(figures.commission, symbol)}
            </span>
          </button>
        ))}
      </div>
    </>
  );
}

function MemberRow({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  return (
    <div className="card record" data-testid="team-member" data-id={member.id}>
      <div className="record-main">
        <div className="record-title ellipsis">{member.nickname}</div>
        <div className="muted small ellipsis" data-testid="team-member-account">
          {member.account}
        </div>
        <div className="muted small">{t('team.registeredAt', { date: formatDate(member.registeredAt, language) })}</div>
      </div>
      <div className="record-side">
        <div className="muted small">{t('team.contribution')}</div>
        <div className="amount positive" data-testid="team-member-contribution">
          {formatMoney(member.contribution, symbol)}
        </div>
      </div>
    </div>
  );
}

/** docs/product.md#referral: the team's figures, then its members level by level, newest first. */
export default function MyTeamPage() {
  const { t } = useTranslation();
  const summary = useTeamSummary();
  const [level, setLevel] = useState<TeamLevel>(1);
  return (
    <Page
      title={t('team.myTeamTitle')}
      padded={false}
      testId="my-team-page"
      right={
        <Link to="/mine/inviteFriends" className="nav-link" data-testid="my-team-invite">
          {t('team.inviteNow')}
        </Link>
      }
    >
      <InfiniteList<TeamMember>
        key={level}
        queryKey={teamKeys.members(level)}
        fetchPage={(cursor) => call(api.team.members, { level, cursor, limit: 20 })}
        itemKey={(member) => member.id}
        renderItem={(member) => <MemberRow member={member} />}
        emptyTitle={t('team.empty')}
        emptyHint={t('team.emptyHint')}
        testId="team-members"
        onRefresh={() => summary.refetch()}
        header={
          <>
            <TeamSummary level={level} onLevel={setLevel} />
            <Tabs
              activeKey={String(level)}
              onChange={(key) => setLevel(Number(key) as TeamLevel)}
              className="cycle-tabs team-tabs"
            >
              {TEAM_LEVELS.map((each) => (
                <Tabs.Tab
                  key={each}
                  title={<span data-testid={`team-tab-${each}`}>{t('team.levelName', { level: each })}</span>}
                />
              ))}
            </Tabs>
          </>
        }
      />
    </Page>
  );
}
