import type { AdminEvent, EventInput, EventKind, EventRewardKind, EventSwitch, Language } from '@app/contracts';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { localizedTexts, localizedWithEnglish } from '../../lib/localized.ts';
import { nextWholeHour, sameTimeDaysLater } from '../../lib/platformTime.ts';

export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  anniversary: 'Anniversary event',
  conference: 'Offline press conference',
};

export const REWARD_LABELS: Record<EventRewardKind | 'none', string> = {
  none: 'No reward',
  cash: 'Cash (income wallet, other profit)',
  points: 'Points',
};

/** The form's fields: a title and body per language, ISO dates, and the reward split in two. */
export interface EventFormValues {
  kind: EventKind;
  title: Partial<Record<Language, string>>;
  body: Partial<Record<Language, string>>;
  startsAt: string | null;
  endsAt: string | null;
  capacity: number | null;
  status: EventSwitch;
  rewardKind: EventRewardKind | 'none';
  rewardAmount: string;
}

export interface FormIssue {
  name: (string | number)[];
  message: string;
}

const MONEY = /^\d{1,12}(\.\d{1,8})?$/;
const WHOLE = /^\d{1,12}$/;

/** A new event runs this many days, from its start. */
export const NEW_EVENT_DAYS = 7;

/**
 * A new event's form: a switched-off conference without a reward, starting at the next whole hour
 * of the platform's clock (`timeZone` instead, for tests) and ending a week later at the same time.
 */
export function emptyEventValues(now = new Date(), timeZone?: string): EventFormValues {
  const startsAt = nextWholeHour(now, timeZone);
  return {
    kind: 'conference',
    title: {},
    body: {},
    startsAt: startsAt.toISOString(),
    endsAt: sameTimeDaysLater(startsAt, NEW_EVENT_DAYS, timeZone).toISOString(),
    capacity: 100,
    status: 'off',
    rewardKind: 'none',
    rewardAmount: '',
  };
}

export function eventToValues(event: AdminEvent): EventFormValues {
  return {
    kind: event.kind,
    title: { ...event.titleI18n },
    body: { ...event.bodyI18n },
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    capacity: event.capacity,
    status: event.status,
    rewardKind: event.reward?.kind ?? 'none',
    rewardAmount: event.reward?.amount ?? '',
  };
}

/** The form's issues before anything is sent, each on its field; the server checks the same. */
export function validateEvent(values: EventFormValues): FormIssue[] {
  const issues: FormIssue[] = [];
  if (!values.title.en?.trim()) issues.push({ name: ['title', 'en'], message: 'An English title is required.' });
  if (!values.startsAt) issues.push({ name: ['startsAt'], message: 'Choose when the event starts.' });
  if (!values.endsAt) issues.push({ name: ['endsAt'], message: 'Choose when the event ends.' });
  if (values.startsAt && values.endsAt && Date.parse(values.endsAt) <= Date.parse(values.startsAt)) {
    issues.push({ name: ['endsAt'], message: 'The event must end after it starts.' });
  }
  if (!values.capacity || values.capacity < 1) issues.push({ name: ['capacity'], message: 'At least one seat.' });
  if (values.rewardKind !== 'none') {
    const amount = values.rewardAmount.trim();
    const shape = values.rewardKind === 'points' ? WHOLE : MONEY;
    if (!shape.test(amount) || !/[1-9]/.test(amount)) {
      issues.push({
        name: ['rewardAmount'],
        message: values.rewardKind === 'points' ? 'A whole number of points above zero.' : 'An amount above zero.',
      });
    }
  }
  return issues;
}

export function valuesToInput(values: EventFormValues): EventInput {
  return {
    kind: values.kind,
    title: localizedWithEnglish(values.title),
    body: localizedTexts(values.body),
    startsAt: values.startsAt ?? '',
    endsAt: values.endsAt ?? '',
    capacity: values.capacity ?? 0,
    status: values.status,
    reward: values.rewardKind === 'none' ? null : { kind: values.rewardKind, amount: values.rewardAmount.trim() },
  };
}

/** A reward as the operator reads it: money with its decimals, points as a count. */
export function rewardText(reward: AdminEvent['reward']): string {
  if (!reward) return '—';
  return reward.kind === 'cash' ? formatMoney(reward.amount) : `${formatNumber(reward.amount)} points`;
}

export const EVENT_CSV: CsvColumn<AdminEvent>[] = [
  { title: 'ID', value: (e) => e.id },
  { title: 'Kind', value: (e) => e.kind },
  { title: 'Title', value: (e) => e.title },
  { title: 'Starts', value: (e) => e.startsAt },
  { title: 'Ends', value: (e) => e.endsAt },
  { title: 'Capacity', value: (e) => e.capacity },
  { title: 'Sign-ups', value: (e) => e.signups },
  { title: 'Status', value: (e) => e.status },
  { title: 'Reward kind', value: (e) => e.reward?.kind ?? '' },
  { title: 'Reward amount', value: (e) => e.reward?.amount ?? '' },
];
