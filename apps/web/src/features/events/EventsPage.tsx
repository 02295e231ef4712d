import type { EventKind, UserEvent } from '@app/contracts';
import { Button, Toast } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { queryKeys, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { formatDateTime, formatMoney, formatPoints } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../store/session';
import { seatsLeft, signupAction } from './eventText';
import { eventsKey, useEvents } from './useEvents';
import './events.css';

function EventCard({ event }: { event: UserEvent }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const symbol = useCurrency();
  const [busy, setBusy] = useState(false);
  const action = signupAction(event);

  const signUp = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await call(api.events.signup, {}, { id: event.id });
      Toast.show({ icon: 'success', content: t('events.signedUp') });
      if (event.reward) void queryClient.invalidateQueries({ queryKey: queryKeys.bill });
    } catch {
      // The client has shown the server's reason ("Event has ended", full); the list shows the event as it is now.
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: eventsKey });
    }
  };

  const reward = event.reward
    ? event.reward.kind === 'cash'
      ? formatMoney(event.reward.amount, symbol)
      : t('events.points', { count: Number(event.reward.amount), points: formatPoints(event.reward.amount) })
    : null;

  return (
    <article className="card event-card" data-testid={`event-${event.id}`}>
      <div className="event-head">
        <h2 className="event-title">{event.title}</h2>
        <span className={`badge event-state ${event.applied ? 'applied' : event.status}`} data-testid="event-state">
          {event.applied ? t('events.applied') : t(`events.states.${event.status}`)}
        </span>
      </div>
      <div className="detail-row">
        <span className="muted">{t('events.starts')}</span>
        <span className="detail-value">{formatDateTime(event.startsAt, language)}</span>
      </div>
      <div className="detail-row">
        <span className="muted">{t('events.ends')}</span>
        <span className="detail-value">{formatDateTime(event.endsAt, language)}</span>
      </div>
      <div className="detail-row">
        <span className="muted">{t('events.seats')}</span>
        <span className="detail-value" data-testid="event-seats">
          {t('events.seatsLeft', { left: seatsLeft(event), capacity: event.capacity })}
        </span>
      </div>
      {reward ? (
        <div className="detail-row">
          <span className="muted">{t('events.reward')}</span>
          <span className="detail-value accent" data-testid="event-reward">
            {reward}
          </span>
        </div>
      ) : null}
      {event.body ? <p className="event-body">{event.body}</p> : null}
      <Button
        block
        color="primary"
        className="event-button"
        disabled={!action.enabled}
        loading={busy}
        onClick={() => void signUp()}
        data-testid="event-signup"
      >
        {t(`events.actions.${action.label}`)}
      </Button>
    </article>
  );
}

/** One screen per kind of event: its events newest first, each with its sign-up. */
function EventsScreen({ kind, testId }: { kind: EventKind; testId: string }) {
  const { t } = useTranslation();
  const query = useEvents();
  const events = query.data?.filter((event) => event.kind === kind);

  let body: ReactNode;
  if (!events && query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (!events) body = <LoadingSkeleton lines={6} />;
  else if (events.length === 0)
    body = <EmptyState title={t('events.empty')} description={t('events.emptyHint')} testId="events-empty" />;
  else body = events.map((event) => <EventCard key={event.id} event={event} />);

  return (
    <Page title={t(`events.kinds.${kind}`)} back="/mine/info" padded={false} testId={testId}>
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded">{body}</div>
      </Refresh>
    </Page>
  );
}

/** pagesB/mine/anniversaire */
export function AnniversaryPage() {
  return <EventsScreen kind="anniversary" testId="anniversary-page" />;
}

/** pagesB/mine/conference */
export function ConferencePage() {
  return <EventsScreen kind="conference" testId="conference-page" />;
}
