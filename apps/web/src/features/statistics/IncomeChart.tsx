import type { Statistics } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { incomeBars, labelledDates } from './chart';

const WIDTH = 320;
const HEIGHT = 140;

/**
 * The income per day as bars, a plain SVG that scales to the card's width. Its text for screen
 * readers is the period's figures; each bar's title names its day and income.
 */
export function IncomeChart({
  days,
  symbol,
  formatDay,
}: {
  days: Statistics['days'];
  symbol: string;
  formatDay: (date: string) => string;
}) {
  const { t } = useTranslation();
  const bars = incomeBars(days, WIDTH, HEIGHT);
  const labels = labelledDates(days.map((day) => day.date));
  return (
    <figure className="income-chart" data-testid="income-chart" data-days={days.length}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('statistics.chartLabel', { days: days.length })}
      >
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="income-chart-axis" />
        {bars.map((bar, index) =>
          bar.height > 0 ? (
            <rect
              key={bar.date}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={Math.min(2, bar.width / 2)}
              className="income-chart-bar"
              data-testid={`income-bar-${bar.date}`}
            >
              <title>{`${formatDay(bar.date)}: ${formatMoney(days[index]?.income, symbol)}`}</title>
            </rect>
          ) : null,
        )}
      </svg>
      <figcaption className="income-chart-dates muted small">
        {labels.map((date) => (
          <span key={date}>{formatDay(date)}</span>
        ))}
      </figcaption>
    </figure>
  );
}
