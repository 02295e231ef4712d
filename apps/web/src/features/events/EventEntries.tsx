import { EVENT_KINDS } from '@app/contracts';
import { List } from 'antd-mobile';
import { CalendarOutline, HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { STATISTICS_PATH } from '../statistics/path';
import { EVENT_PATHS } from './eventText';
import { useEvents } from './useEvents';
import './events.css';

/** Home: a card per kind that has an event on; nothing while none is. */
export function HomeEventEntries() {
  const { t } = useTranslation();
  const { data } = useEvents();
  const kinds = EVENT_KINDS.filter((kind) => data?.some((event) => event.kind === kind));
  if (kinds.length === 0) return null;
  return (
    <>
      <div className="section-title">{t('events.menu')}</div>
      <div className="event-entries" data-testid="home-events">
        {kinds.map((kind) => (
          <Link key={kind} to={EVENT_PATHS[kind]} className="card event-entry" data-testid={`home-event-${kind}`}>
            <span className={`event-entry-icon ${kind}`} aria-hidden>
              <CalendarOutline />
            </span>
            <span className="event-entry-name">{t(`events.kinds.${kind}`)}</span>
          </Link>
        ))}
      </div>
    </>
  );
}

/** My: both events and the statistics. */
export function MineEventEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <List className="menu" data-testid="mine-events">
      {EVENT_KINDS.map((kind) => (
        <List.Item
          key={kind}
          prefix={<CalendarOutline />}
          onClick={() => navigate(EVENT_PATHS[kind])}
          data-testid={`mine-event-${kind}`}
        >
          {t(`events.kinds.${kind}`)}
        </List.Item>
      ))}
      <List.Item prefix={<HistogramOutline />} onClick={() => navigate(STATISTICS_PATH)} data-testid="mine-statistics">
        {t('statistics.title')}
      </List.Item>
    </List>
  );
}
