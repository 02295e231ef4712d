import type { BroadcastAudience, ContactMessage, ContactStatus, SentBroadcast } from '@app/contracts';
import type { CsvColumn } from '../../lib/csv.ts';

/** The audience as the operator picks it: everyone, a VIP level and above, or users by ID. */
export type AudienceKind = 'all' | 'vip' | 'users';

export interface AudienceDraft {
  kind: AudienceKind;
  vip?: number | null;
  /** User IDs as typed: separated by commas, spaces or new lines. */
  userIds?: string;
}

/** The IDs typed, in order, once each; null when something other than a positive whole number is there. */
export function parseUserIds(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.some((part) => !/^\d{1,10}$/.test(part) || Number(part) < 1 || Number(part) > 2_147_483_647)) return null;
  return [...new Set(parts.map(Number))];
}

/** The audience the API takes, or the reason the draft is not one yet. */
export function audienceOf(draft: AudienceDraft): { audience: BroadcastAudience } | { problem: string } {
  if (draft.kind === 'all') return { audience: 'all' };
  if (draft.kind === 'vip') {
    return draft.vip && Number.isInteger(draft.vip) && draft.vip >= 1 && draft.vip <= 99
      ? { audience: { vip: draft.vip } }
      : { problem: 'Choose a VIP level from 1 to 99.' };
  }
  const ids = parseUserIds(draft.userIds ?? '');
  if (ids === null) return { problem: 'User IDs are whole numbers separated by commas or spaces.' };
  if (ids.length === 0) return { problem: 'Enter at least one user ID.' };
  if (ids.length > 10_000) return { problem: 'At most 10,000 users in one message.' };
  return { audience: { userIds: ids } };
}

/** How the sent list and the confirmation name an audience. */
export function audienceText(audience: SentBroadcast['audience'], vip: number | null, sent: number): string {
  if (audience === 'vip') return `VIP ${vip} and above (${sent})`;
  if (audience === 'users') return `${sent} chosen user${sent === 1 ? '' : 's'}`;
  return `Everyone (${sent})`;
}

export const BROADCAST_CSV: CsvColumn<SentBroadcast>[] = [
  { title: 'ID', value: (b) => b.id },
  { title: 'Sent at', value: (b) => b.createdAt },
  { title: 'Title (English)', value: (b) => b.title },
  { title: 'Audience', value: (b) => b.audience },
  { title: 'VIP level', value: (b) => b.vip ?? '' },
  { title: 'Users reached', value: (b) => b.sent },
  { title: 'Sent by', value: (b) => b.adminName ?? '' },
  { title: 'Sent by (email)', value: (b) => b.adminEmail ?? '' },
];

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  open: 'Open',
  replied: 'Replied',
  closed: 'Closed',
};

export const CONTACT_CSV: CsvColumn<ContactMessage>[] = [
  { title: 'ID', value: (c) => c.id },
  { title: 'Received at', value: (c) => c.createdAt },
  { title: 'User ID', value: (c) => c.userId },
  { title: 'Account', value: (c) => c.account },
  { title: 'Message', value: (c) => c.message },
  { title: 'Contact', value: (c) => c.contact ?? '' },
  { title: 'Status', value: (c) => c.status },
  { title: 'Reply', value: (c) => c.reply ?? '' },
  { title: 'Handled by', value: (c) => c.handledByName ?? '' },
  { title: 'Handled by (email)', value: (c) => c.handledByEmail ?? '' },
  { title: 'Updated at', value: (c) => c.updatedAt },
];
