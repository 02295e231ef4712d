import { STATISTICS_PERIODS, type Statistics, type StatisticsPeriod } from '@app/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { formatCalendarDay, formatMoney } from '../../lib/format';
import { useQuery } from '../../lib/useQuery';
import { useSession } from '../../store/session';
import { IncomeChart } from './IncomeChart';
import './statistics.css';

const hasIncome = (amount: string) => /[1-9]/.test(amount);

function Figures({ stats, period }: { stats: Statistics; period: StatisticsPeriod }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  // The app's date format (the spec's yyyy-mm-dd unless configured), as every other date.
  const formatDay = (date: string) => formatCalendarDay(date, language);
  const earnedTypes = stats.byType.filter((entry) => hasIncome(entry.amount));
  return (
    <>
      <div className="card hero statistics-total">
        <div className="hero-label">{t('statistics.total', { days: period })}</div>
        <div className="statistics-total-value" data-testid="statistics-total">
          {formatMoney(stats.total, symbol)}
        </div>
      </div>
      <div className="card">
        <div className="statistics-card-title">{t('statistics.perDay')}</div>
        {stats.days.some((day) => hasIncome(day.income)) ? (
          <IncomeChart days={stats.days} symbol={symbol} formatDay={formatDay} />
        ) : (
          <EmptyState title={t('statistics.empty')} description={t('statistics.emptyHint')} testId="statistics-empty" />
        )}
      </div>
      <div className="section-title">{t('statistics.byType')}</div>
      <div className="card detail-list" data-testid="statistics-by-type">
        {earnedTypes.length === 0 ? (
          <p className="muted small">{t('statistics.byTypeEmpty')}</p>
        ) : (
          earnedTypes.map((entry) => (
            <div className="detail-row" key={entry.type} data-testid={`statistics-type-${entry.type}`}>
              <span className="muted">{t(`records.types.${entry.type}`)}</span>
              <span className="detail-value">{formatMoney(entry.amount, symbol)}</span>
            </div>
          ))
        )}
      </div>
      <div className="section-title">{t('statistics.days')}</div>
      <div className="card detail-list" data-testid="statistics-days">
        {stats.days
          .filter((day) => hasIncome(day.income))
          .reverse()
          .map((day) => (
            <div className="detail-row" key={day.date} data-testid={`statistics-day-${day.date}`}>
              <span className="muted">{formatDay(day.date)}</span>
              <span className="detail-value">{formatMoney(day.income, symbol)}</span>
            </div>
          ))}
        {stats.days.some((day) => hasIncome(day.income)) ? null : (
          <p className="muted small">{t('statistics.noDays')}</p>
        )}
      </div>
    </>
  );
}

/** pagesB/mine/statistics: the user's income per day over 7, 30 or 90 days, its total and its split by type. */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<StatisticsPeriod>(7);
  const query = useQuery({
    queryKey: ['statistics', period],
    queryFn: () => call(api.statistics.get, { days: period }),
    placeholderData: keepPreviousData,
  });

  let body: ReactNode;
  if (!query.data && query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <LoadingSkeleton lines={8} />;
  else body = <Figures stats={query.data} period={period} />;

  return (
    <Page title={t('statistics.title')} back="/mine/info" padded={false} testId="statistics-page">
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded">
          <fieldset className="statistics-periods" aria-label={t('statistics.period')}>
            {STATISTICS_PERIODS.map((days) => (
              <button
                key={days}
                type="button"
                className={days === period ? 'chip statistics-period active' : 'chip statistics-period'}
                aria-pressed={days === period}
                onClick={() => setPeriod(days)}
                data-testid={`statistics-period-${days}`}
              >
                {t('statistics.lastDays', { days })}
              </button>
            ))}
          </fieldset>
          <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'statistics-stale' : undefined}>
            {body}
          </div>
        </div>
      </Refresh>
    </Page>
  );
}
