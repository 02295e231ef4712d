import { endpoint, idParams, integerKeyedPageQuery, noInput, page } from '../endpoint.ts';
import { z } from '../zod.ts';
import { localized } from './products.ts';

/**
 * Who a message is for: everyone (who signed up before it was sent), a VIP level and above (as the
 * reader stands when reading), a list of users, or one user (the product's notices and replies).
 */
export const MESSAGE_AUDIENCES = ['all', 'vip', 'users', 'user'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/** The product's own notices: stored as a key and its values, written in the reader's language when read. */
export const MESSAGE_NOTICES = [
  'withdrawal_paid',
  'withdrawal_rejected',
  'deposit_credited',
  'level_reached',
  'prize_shipped',
  'contact_reply',
] as const;
export type MessageNotice = (typeof MESSAGE_NOTICES)[number];

/** A contact message in the back-office inbox: new, answered by a message, or closed. */
export const CONTACT_STATUSES = ['open', 'replied', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const userMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type UserMessage = z.infer<typeof userMessage>;

export const messagePage = page(userMessage).extend({ unread: z.number().int().min(0) });

/** Each text field an object of the six languages, English required, the others falling back to it. */
const messageText = (max: number) => localized.partial().extend({ en: z.string().trim().min(1).max(max) });

export const broadcastAudience = z.union([
  z.literal('all'),
  z.object({ userIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(10_000) }),
  z.object({ vip: z.number().int().min(1).max(99) }),
]);
export type BroadcastAudience = z.infer<typeof broadcastAudience>;

export const broadcastInput = z.object({
  title: messageText(100),
  body: messageText(2000),
  audience: broadcastAudience,
});
export type BroadcastInput = z.output<typeof broadcastInput>;

export const sentBroadcast = z.object({
  id: z.number().int(),
  title: z.string(),
  titleI18n: z.record(z.string(), z.string()),
  bodyI18n: z.record(z.string(), z.string()),
  audience: z.enum(MESSAGE_AUDIENCES),
  /** The VIP level of a VIP audience, null otherwise. */
  vip: z.number().int().nullable(),
  /** How many users the audience held when it was sent. */
  sent: z.number().int(),
  /** The operator who sent it, by ID, name and email (null for the system). */
  adminId: z.number().int().nullable(),
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type SentBroadcast = z.infer<typeof sentBroadcast>;

export const contactInput = z.object({
  message: z.string().trim().min(1).max(1000),
  contact: z.string().trim().max(100).optional(),
});

export const contactMessage = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  account: z.string(),
  message: z.string(),
  contact: z.string().nullable(),
  status: z.enum(CONTACT_STATUSES),
  reply: z.string().nullable(),
  /** The operator who last replied or closed it, by ID, name and email; null while open. */
  handledBy: z.number().int().nullable(),
  handledByName: z.string().nullable(),
  handledByEmail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessage>;

export const messages = {
  list: endpoint({
    method: 'GET',
    path: '/messages',
    access: 'user',
    summary: 'My system messages, newest first, with how many are unread',
    input: integerKeyedPageQuery,
    output: messagePage,
  }),
  read: endpoint({
    method: 'POST',
    path: '/messages/:id/read',
    access: 'user',
    summary: 'Mark one of my messages read (again: the same)',
    params: idParams,
    input: noInput,
    output: z.object({ unread: z.number().int().min(0) }),
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/messages/readAll',
    access: 'user',
    summary: 'Mark every message I have read',
    input: noInput,
    output: z.object({ unread: z.number().int().min(0) }),
  }),
};

export const contact = {
  send: endpoint({
    method: 'POST',
    path: '/contact',
    access: 'user',
    summary: 'Write to customer service; the answer comes as a system message',
    input: contactInput,
    output: z.object({ id: z.number().int() }),
  }),
};

export const messagesAdmin = {
  broadcast: endpoint({
    method: 'POST',
    path: '/messages/broadcast',
    access: 'admin',
    roles: ['content'],
    summary: 'Send a message to everyone, a VIP level and above, or chosen users; answers how many it reached',
    input: broadcastInput,
    output: z.object({ id: z.number().int(), sent: z.number().int() }),
  }),
  audience: endpoint({
    method: 'POST',
    path: '/messages/audience',
    access: 'admin',
    roles: ['content'],
    summary: 'How many users an audience holds now: the count shown before sending',
    input: z.object({ audience: broadcastAudience }),
    output: z.object({ count: z.number().int() }),
  }),
  broadcasts: endpoint({
    method: 'GET',
    path: '/messages/broadcasts',
    access: 'admin',
    roles: ['content', 'support'],
    summary: 'The messages operators sent, newest first',
    input: integerKeyedPageQuery,
    output: page(sentBroadcast),
  }),
  inbox: endpoint({
    method: 'GET',
    path: '/contact',
    access: 'admin',
    roles: ['support'],
    summary: 'The contact inbox, newest first, by status',
    input: integerKeyedPageQuery.extend({ status: z.enum(CONTACT_STATUSES).optional() }),
    output: page(contactMessage),
  }),
  reply: endpoint({
    method: 'POST',
    path: '/contact/:id/reply',
    access: 'admin',
    roles: ['support'],
    summary: 'Answer a contact message: the answer reaches the user as a system message',
    params: idParams,
    input: z.object({ reply: z.string().trim().min(1).max(2000) }),
    output: contactMessage,
  }),
  close: endpoint({
    method: 'POST',
    path: '/contact/:id/close',
    access: 'admin',
    roles: ['support'],
    summary: 'Close a contact message',
    params: idParams,
    input: noInput,
    output: contactMessage,
  }),
};
