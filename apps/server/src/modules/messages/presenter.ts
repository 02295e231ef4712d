import type { ContactMessage, Language, SentBroadcast, UserMessage } from '@app/contracts';
import { inLanguage, type MoneyFormat, renderNotice } from './notice-rules.ts';
import type { BroadcastRow, ContactRow, ReaderMessage } from './repository.ts';

export function presentMessage(row: ReaderMessage, lang: Language, money: MoneyFormat): UserMessage {
  const text =
    row.notice === null
      ? { title: inLanguage(row.title ?? {}, lang), body: inLanguage(row.body ?? {}, lang) }
      : renderNotice(row.notice, row.params ?? {}, lang, money);
  return { id: row.id, ...text, read: row.read, createdAt: row.createdAt.toISOString() };
}

export function presentBroadcast(row: BroadcastRow): SentBroadcast {
  return {
    id: row.id,
    title: inLanguage(row.title ?? {}, 'en'),
    titleI18n: row.title ?? {},
    bodyI18n: row.body ?? {},
    audience: row.audience,
    vip: row.vipLevel,
    sent: row.sent ?? 0,
    adminId: row.adminId,
    adminName: row.adminName,
    adminEmail: row.adminEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentContact(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    userId: row.userId,
    account: row.account,
    message: row.message,
    contact: row.contact,
    status: row.status,
    reply: row.reply,
    handledBy: row.handledBy,
    handledByName: row.handledByName,
    handledByEmail: row.handledByEmail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
