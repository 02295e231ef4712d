import type { OutboxMessage } from '@app/contracts';
import type { outbox } from '../../db/schema.ts';
import { HIDDEN_CODE } from '../../notify/notifier.ts';

/** A message as the back office shows it: its code written in only where codes may be shown (`code` is kept only there). */
export function presentOutboxMessage(row: typeof outbox.$inferSelect): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.code ? row.body.replaceAll(HIDDEN_CODE, row.code) : row.body,
    code: row.code,
    status: row.status,
    attempts: row.attempts,
    provider: row.provider,
    providerId: row.providerId,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'queued' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
