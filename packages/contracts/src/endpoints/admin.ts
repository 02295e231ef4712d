import { configDefaults, configPatch } from '../config.ts';
import {
  ADMIN_ROLES,
  empty,
  endpoint,
  idParams,
  integerKeyedPageQuery,
  noInput,
  page,
  pageQuery,
} from '../endpoint.ts';
import { codeField, someChange } from '../validation.ts';
import { z } from '../zod.ts';

/** Operators hold the platform's money in their hands: their passwords are longer than users'. */
export const OPERATOR_PASSWORD = { min: 8, max: 128 } as const;
const operatorPasswordField = z
  .string()
  .min(1)
  .min(OPERATOR_PASSWORD.min, 'OPERATOR_PASSWORD_WEAK')
  .max(OPERATOR_PASSWORD.max);

/** A disabled operator is signed out and cannot sign in. */
export const ADMIN_STATUSES = ['active', 'disabled'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
/** How a notice (a verification code) reaches its recipient. */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ADMIN_ROLES),
  status: z.enum(ADMIN_STATUSES),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const USER_STATUSES = ['active', 'frozen'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const adminUserRow = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  inviteCode: z.string(),
  inviterId: z.number().int().nullable(),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

/** One user as the user page names them: who invited them and the state of their payment password. */
export const adminUserDetail = adminUserRow.extend({
  inviterAccount: z.string().nullable(),
  hasPayPassword: z.boolean(),
  /** Until when wrong tries have locked the payment password; null when it is not locked. */
  payPasswordLockedUntil: z.string().nullable(),
});

/**
 * Where a message is on its way: `queued` until a provider takes it (retried with backoff until its
 * deadline), `sent` once one has, `delivered` when the provider reports it reached the recipient,
 * `failed` when it never will (a refusal, the deadline passed, or the provider's report).
 */
export const OUTBOX_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The verification code; only in the embedded trial and TEST_MODE, null elsewhere. */
  code: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  /** How many times a provider was asked to take it. */
  attempts: z.number().int(),
  /** Who took it: `twilio`, `africastalking`, `smtp`, or `outbox` (the trial keeps it here). */
  provider: z.string().nullable(),
  /** The provider's id of the message (Twilio's SID, Africa's Talking's messageId). */
  providerId: z.string().nullable(),
  lastError: z.string().nullable(),
  /** When the next attempt is due, while it is queued. */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const auditEntry = z.object({
  id: z.number().int(),
  /** Who made the change: null for the system itself (the first start, jobs). */
  adminId: z.number().int().nullable(),
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});

const configValues = z.object(
  Object.fromEntries(Object.keys(configDefaults).map((key) => [key, z.unknown()])) as Record<
    keyof typeof configDefaults,
    z.ZodUnknown
  >,
);

/** A holding the accrual set aside because its own figures made its batch fail; it earns nothing until fixed. */
export const setAsideHolding = z.object({
  holdingId: z.number().int(),
  userId: z.number().int(),
  error: z.string(),
  setAsideAt: z.string(),
});

export const dashboard = z.object({
  usersTotal: z.number().int(),
  signupsToday: z.number().int(),
  signupsByDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  activeSessions: z.number().int(),
  maintenance: z.boolean(),
  purchasesToday: z.number().int(),
  purchaseAmountToday: z.string(),
  profitToday: z.string(),
  purchasesByDay: z.array(z.object({ day: z.string(), count: z.number().int(), amount: z.string() })),
  /** How many holdings are set aside, and the latest of them. */
  setAsideCount: z.number().int(),
  setAside: z.array(setAsideHolding),
});

const adminSession = z.object({ token: z.string(), admin: adminUser });

export const admin = {
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    summary:
      'Back-office sign-in. Past the ceiling of failed attempts at the operator, answers LOGIN_CODE_REQUIRED (whatever the password) and, when the password is right, emails a code: sign in again with it as `code`',
    input: z.object({
      email: z.string().trim().min(1).max(100),
      password: z.string().min(1).max(OPERATOR_PASSWORD.max),
      code: codeField.optional(),
    }),
    output: adminSession,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    access: 'admin',
    summary: 'Back-office sign-out',
    input: noInput,
    output: empty,
  }),
  me: endpoint({
    method: 'GET',
    path: '/auth/me',
    access: 'admin',
    summary: 'The signed-in admin',
    input: noInput,
    output: adminUser,
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/dashboard',
    access: 'admin',
    summary: 'Dashboard figures',
    input: noInput,
    output: dashboard,
  }),
  getConfig: endpoint({
    method: 'GET',
    path: '/config',
    access: 'admin',
    summary: 'Every configuration key',
    input: noInput,
    output: configValues,
  }),
  putConfig: endpoint({
    method: 'PUT',
    path: '/config',
    access: 'admin',
    roles: [],
    summary: 'Change some configuration keys (owner only)',
    input: someChange(configPatch),
    output: configValues,
  }),
  users: endpoint({
    method: 'GET',
    path: '/users',
    access: 'admin',
    // Users' accounts (emails, phones): for the roles that serve users, never content (issue 29).
    roles: ['finance', 'support'],
    summary: 'Users by account (a phone as users type it), nickname, invite code or ID (12 or #12)',
    input: integerKeyedPageQuery.extend({ q: z.string().trim().max(100).optional() }),
    output: page(adminUserRow),
  }),
  freezeUser: endpoint({
    method: 'POST',
    path: '/users/:id/freeze',
    access: 'admin',
    roles: ['support', 'finance'],
    summary: 'Freeze a user: signs them out and blocks sign-in',
    params: idParams,
    input: noInput,
    output: adminUserRow,
  }),
  unfreezeUser: endpoint({
    method: 'POST',
    path: '/users/:id/unfreeze',
    access: 'admin',
    roles: ['support', 'finance'],
    summary: 'Unfreeze a user',
    params: idParams,
    input: noInput,
    output: adminUserRow,
  }),
  user: endpoint({
    method: 'GET',
    path: '/users/:id',
    access: 'admin',
    // Users' accounts (emails, phones): for the roles that serve users, never content (issue 29).
    roles: ['finance', 'support'],
    summary: 'One user: account, nickname, inviter, status and payment password state',
    params: idParams,
    input: noInput,
    output: adminUserDetail,
  }),
  unlockPayPassword: endpoint({
    method: 'POST',
    path: '/users/:id/unlockPayPassword',
    access: 'admin',
    roles: ['support', 'finance'],
    summary: "Lift the lock that wrong tries put on a user's payment password (audited)",
    params: idParams,
    input: noInput,
    output: adminUserDetail,
  }),
  sendPasswordReset: endpoint({
    method: 'POST',
    path: '/users/:id/sendPasswordReset',
    access: 'admin',
    roles: ['support'],
    summary: 'Send the user a password-reset code to their own account (audited); the operator never sees it',
    params: idParams,
    input: noInput,
    output: z.object({ cooldownSeconds: z.number().int() }),
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/outbox',
    access: 'admin',
    roles: ['support'],
    summary:
      'Messages sent (or, without a mail/SMS provider, only stored); codes show only in the embedded trial and TEST_MODE',
    input: integerKeyedPageQuery.extend({
      q: z.string().trim().max(100).optional(),
      status: z.enum(OUTBOX_STATUSES).optional(),
      channel: z.enum(MESSAGE_CHANNELS).optional(),
    }),
    output: page(outboxMessage),
  }),
  resendOutbox: endpoint({
    method: 'POST',
    path: '/outbox/:id/resend',
    access: 'admin',
    roles: ['support'],
    summary: 'Send a failed message again (audited); a verification code past its validity goes out as a fresh code',
    params: idParams,
    input: noInput,
    output: outboxMessage,
  }),
  audit: endpoint({
    method: 'GET',
    path: '/audit',
    access: 'admin',
    // What operators did, users' accounts in it: for the roles that serve users, never content (issue 29).
    roles: ['finance', 'support'],
    summary: 'Audit log of every back-office change',
    input: pageQuery.extend({ q: z.string().trim().max(100).optional() }),
    output: page(auditEntry),
  }),
  admins: endpoint({
    method: 'GET',
    path: '/admins',
    access: 'admin',
    roles: [],
    summary: 'Admin users',
    input: noInput,
    output: z.array(adminUser),
  }),
  createAdmin: endpoint({
    method: 'POST',
    path: '/admins',
    access: 'admin',
    roles: [],
    summary: 'Create an admin user (owner only)',
    input: z.object({
      email: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'EMAIL_INVALID'),
      name: z.string().trim().min(1).max(60),
      role: z.enum(ADMIN_ROLES),
      password: operatorPasswordField,
    }),
    output: adminUser,
  }),
  updateAdmin: endpoint({
    method: 'PUT',
    path: '/admins/:id',
    access: 'admin',
    roles: [],
    summary: 'Change an admin user’s role, status or password (owner only)',
    params: idParams,
    input: someChange(
      z.object({
        name: z.string().trim().min(1).max(60).optional(),
        role: z.enum(ADMIN_ROLES).optional(),
        status: z.enum(ADMIN_STATUSES).optional(),
        password: operatorPasswordField.optional(),
      }),
    ),
    output: adminUser,
  }),
};
