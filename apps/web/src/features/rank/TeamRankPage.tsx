import type { OutputOf, RankItem, TeamRankBoard } from '@app/contracts';
import { Button, Tabs } from 'antd-mobile';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { useNow } from '../../components/Countdown';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { formatDate, formatDateTime, formatMoney, formatPoints } from '../../lib/format';
import { formatCountdown } from '../../lib/productText';
import { useSession } from '../../store/session';
import { hasPrize, medalOf, msLeft } from './rankText';
import { TeamNameSheet } from './TeamNameSheet';
import { rankKeys, useRankBoard } from './useRank';
import './rank.css';

type PastCycle = OutputOf<typeof api.rank.history>['items'][number];

/** The time left, ticking every second; once it runs out the board is asked again for the next cycle. */
function CycleCard({
  cycle,
  answeredAt,
  onEnded,
}: {
  cycle: TeamRankBoard['cycle'];
  answeredAt: number;
  onEnded: () => void;
}) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const left = msLeft(cycle.secondsLeft, answeredAt, useNow());
  const ended = left === 0;
  useEffect(() => {
    if (!ended) return;
    const retry = setTimeout(onEnded, 5000);
    return () => clearTimeout(retry);
  }, [ended, onEnded]);
  return (
    <div className="card hero rank-cycle" data-testid="rank-cycle">
      <div className="hero-label">{t('rank.timeLeft')}</div>
      <div className="hero-amount rank-time-left" data-testid="rank-time-left">
        {formatCountdown(left, language)}
      </div>
      <div className="hero-label">
        {ended ? t('rank.settling') : t('rank.endsAt', { time: formatDateTime(cycle.endsAt, language) })}
      </div>
    </div>
  );
}

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <div className="figure-label">{label}</div>
      <div className="figure-value" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

function MyTeam({ mine, onName }: { mine: TeamRankBoard['mine']; onName: () => void }) {
  const { t } = useTranslation();
  if (!mine) {
    return (
      <div className="card rank-mine" data-testid="my-team-unnamed">
        <div className="record-title">{t('rank.nameTitle')}</div>
        <p className="muted small rank-hint">{t('rank.nameHint')}</p>
        <Button block color="primary" onClick={onName} data-testid="team-name-open">
          {t('rank.nameTitle')}
        </Button>
      </div>
    );
  }
  return (
    <div className="card rank-mine" data-testid="my-team">
      <div className="rank-mine-head">
        <div className="record-main">
          <div className="muted small">{t('rank.myTeam')}</div>
          <div className="rank-mine-name ellipsis" data-testid="my-team-name">
            {mine.teamName}
          </div>
        </div>
        <button type="button" className="chip" onClick={onName} data-testid="team-rename-open">
          {t('rank.rename')}
        </button>
      </div>
      <div className="rank-stats">
        <Stat label={t('rank.rank')} testId="my-team-rank">
          {mine.rank === null ? '—' : t('rank.rankNo', { rank: mine.rank })}
        </Stat>
        <Stat label={t('rank.points')} testId="my-team-points">
          {formatPoints(mine.points)}
        </Stat>
        <Stat label={t('rank.members')} testId="my-team-size">
          {mine.size}
        </Stat>
      </div>
      {mine.rank === null ? <p className="muted small rank-hint">{t('rank.notRankedHint')}</p> : null}
    </div>
  );
}

function RankBadge({ rank }: { rank: number }) {
  return <span className={`rank-badge ${medalOf(rank) ?? ''}`}>{rank}</span>;
}

function RankRow({ item, mine }: { item: RankItem; mine: boolean }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  return (
    <div className={mine ? 'card rank-row mine' : 'card rank-row'} data-testid="rank-row" data-rank={item.rank}>
      <RankBadge rank={item.rank} />
      <div className="record-main">
        <div className="record-title ellipsis">{item.teamName}</div>
        <div className="muted small">
          {t('rank.members')} {item.size}
        </div>
      </div>
      <div className="record-side">
        <div className="rank-points">
          {formatPoints(item.points)} <span className="muted small">{t('rank.points')}</span>
        </div>
        {hasPrize(item.prize) ? <div className="rank-prize">{formatMoney(item.prize, symbol)}</div> : null}
      </div>
    </div>
  );
}

function CurrentCycle() {
  const { t } = useTranslation();
  const query = useRankBoard();
  const board = query.data;
  const [naming, setNaming] = useState(false);
  const { refetch } = query;
  const onEnded = useCallback(() => void refetch(), [refetch]);

  let body: ReactNode;
  if (!board && query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (!board) body = <LoadingSkeleton lines={8} />;
  else
    body = (
      <>
        <CycleCard cycle={board.cycle} answeredAt={query.dataUpdatedAt} onEnded={onEnded} />
        <MyTeam mine={board.mine} onName={() => setNaming(true)} />
        <div className="section-title">{t('rank.ranking')}</div>
        {board.items.length === 0 ? (
          <EmptyState title={t('rank.rankingEmpty')} description={t('rank.rankingEmptyHint')} testId="ranking-empty" />
        ) : (
          <div data-testid="ranking">
            {board.items.map((item) => (
              <RankRow key={item.rank} item={item} mine={item.teamName === board.mine?.teamName} />
            ))}
          </div>
        )}
      </>
    );
  return (
    <>
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded">{body}</div>
      </Refresh>
      <TeamNameSheet visible={naming} current={board?.mine?.teamName ?? null} onClose={() => setNaming(false)} />
    </>
  );
}

function PastCycleCard({ cycle }: { cycle: PastCycle }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  // A cycle ends at midnight: its last day is the one before.
  const lastDay = new Date(Date.parse(cycle.endsAt) - 1);
  return (
    <div className="card rank-past" data-testid="rank-past-cycle">
      <div className="record-title">
        {formatDate(cycle.startsAt, language)} – {formatDate(lastDay, language)}
      </div>
      {cycle.winners.length === 0 ? (
        <p className="muted small rank-hint">{t('rank.noWinners')}</p>
      ) : (
        <ol className="rank-winners">
          {cycle.winners.map((winner) => (
            <li key={winner.rank} className="rank-winner">
              <RankBadge rank={winner.rank} />
              <span className="ellipsis rank-winner-name">{winner.teamName}</span>
              <span className="muted small">{formatPoints(winner.points)}</span>
              <span className="rank-prize">{formatMoney(winner.prize, symbol)}</span>
            </li>
          ))}
        </ol>
      )}
      {cycle.mine ? (
        <p className="small rank-hint" data-testid="rank-past-mine">
          {t('rank.myPlace', {
            count: Number(cycle.mine.points),
            rank: cycle.mine.rank,
            points: formatPoints(cycle.mine.points),
          })}
          {hasPrize(cycle.mine.prize) ? ` ${t('rank.myPrize', { prize: formatMoney(cycle.mine.prize, symbol) })}` : ''}
        </p>
      ) : null}
    </div>
  );
}

function PastCycles() {
  const { t } = useTranslation();
  return (
    <InfiniteList<PastCycle>
      queryKey={rankKeys.history}
      fetchPage={(cursor) => call(api.rank.history, { cursor, limit: 10 })}
      itemKey={(cycle) => cycle.id}
      renderItem={(cycle) => <PastCycleCard cycle={cycle} />}
      emptyTitle={t('rank.pastEmpty')}
      emptyHint={t('rank.pastEmptyHint')}
      testId="rank-history"
    />
  );
}

/** docs/product.md#team-rank: my team, the current cycle's ranking and time left, and past cycles. */
export default function TeamRankPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'current' | 'past'>('current');
  return (
    <Page title={t('rank.title')} padded={false} testId="team-rank-page">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as typeof tab)} className="cycle-tabs">
        <Tabs.Tab key="current" title={<span data-testid="rank-tab-current">{t('rank.current')}</span>} />
        <Tabs.Tab key="past" title={<span data-testid="rank-tab-past">{t('rank.past')}</span>} />
      </Tabs>
      {tab === 'current' ? <CurrentCycle /> : <PastCycles />}
    </Page>
  );
}
