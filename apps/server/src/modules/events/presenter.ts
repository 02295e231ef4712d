import { type AdminEvent, fromMinor, type Language, type UserEvent } from '@app/contracts';
import { localizedText } from '../products/presenter.ts';
import type { EventRow } from './repository.ts';
import { eventState } from './rules.ts';

/** Money in major units at the currency's decimals; points as whole numbers. */
function rewardOf(row: EventRow, decimals: number) {
  if (row.rewardKind === null || row.rewardAmount === null) return null;
  return {
    kind: row.rewardKind,
    amount: row.rewardKind === 'cash' ? fromMinor(row.rewardAmount, decimals) : row.rewardAmount.toString(),
  };
}

export function presentUserEvent(
  row: EventRow & { applied: boolean },
  now: Date,
  figures: { lang: Language; decimals: number },
): UserEvent {
  return {
    id: row.id,
    kind: row.kind,
    title: localizedText(row.title, figures.lang),
    body: localizedText(row.body, figures.lang),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    capacity: row.capacity,
    signups: row.signups,
    applied: row.applied,
    status: eventState(row, now),
    reward: rewardOf(row, figures.decimals),
  };
}

export function presentAdminEvent(row: EventRow, decimals: number): AdminEvent {
  return {
    id: row.id,
    kind: row.kind,
    title: localizedText(row.title, 'en'),
    titleI18n: row.title,
    bodyI18n: row.body,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    capacity: row.capacity,
    signups: row.signups,
    status: row.status,
    reward: rewardOf(row, decimals),
  };
}

export function presentSignup(row: { id: number; userId: number; account: string; nickname: string; createdAt: Date }) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
