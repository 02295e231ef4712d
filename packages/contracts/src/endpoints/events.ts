import { endpoint, idParams, integerKeyedPageQuery, noInput, page } from '../endpoint.ts';
import { EVENT_KINDS } from '../kinds.ts';
import { PROFIT_TYPES } from '../ledger.ts';
import { z } from '../zod.ts';
import { localized } from './products.ts';

/** Whether users see an event at all: the operator's switch. */
export const EVENT_SWITCHES = ['on', 'off'] as const;
export type EventSwitch = (typeof EVENT_SWITCHES)[number];

/** An event as its user finds it: sign-up open, every seat taken, or past its end. */
export const EVENT_STATES = ['open', 'full', 'ended'] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** What signing up may pay: money to the income wallet, or points. */
export const EVENT_REWARD_KINDS = ['cash', 'points'] as const;
export type EventRewardKind = (typeof EVENT_REWARD_KINDS)[number];

/** The periods the statistics page offers, in days up to today. */
export const STATISTICS_PERIODS = [7, 30, 90] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

const reward = z.object({ kind: z.enum(EVENT_REWARD_KINDS), amount: z.string() });

export const userEvent = z.object({
  id: z.number().int(),
  kind: z.enum(EVENT_KINDS),
  title: z.string(),
  body: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  /** Seats taken. */
  signups: z.number().int(),
  applied: z.boolean(),
  status: z.enum(EVENT_STATES),
  reward: reward.nullable(),
});
export type UserEvent = z.infer<typeof userEvent>;

/** Money in major units or whole points, above zero. */
const rewardAmount = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, { message: 'EVENT_REWARD' });

export const eventInput = z
  .object({
    kind: z.enum(EVENT_KINDS),
    title: localized.partial().extend({ en: z.string().trim().min(1).max(100) }),
    body: localized.partial().default({}),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    capacity: z.number().int().min(1).max(1_000_000),
    status: z.enum(EVENT_SWITCHES),
    reward: z
      .object({ kind: z.enum(EVENT_REWARD_KINDS), amount: rewardAmount })
      .nullable()
      .default(null),
  })
  .superRefine((event, ctx) => {
    if (Date.parse(event.endsAt) <= Date.parse(event.startsAt)) {
      ctx.addIssue({ code: 'custom', message: 'EVENT_DATES', path: ['endsAt'] });
    }
    const amount = event.reward?.amount;
    if (amount !== undefined && (!/[1-9]/.test(amount) || (event.reward?.kind === 'points' && amount.includes('.')))) {
      ctx.addIssue({ code: 'custom', message: 'EVENT_REWARD', path: ['reward'] });
    }
  });
export type EventInput = z.output<typeof eventInput>;

export const adminEvent = z.object({
  id: z.number().int(),
  kind: z.enum(EVENT_KINDS),
  title: z.string(),
  titleI18n: z.record(z.string(), z.string()),
  bodyI18n: z.record(z.string(), z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  signups: z.number().int(),
  status: z.enum(EVENT_SWITCHES),
  reward: reward.nullable(),
});
export type AdminEvent = z.infer<typeof adminEvent>;

export const eventSignup = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  createdAt: z.string(),
});
export type EventSignup = z.infer<typeof eventSignup>;

export const incomeStatistics = z.object({
  /** Every day of the period, oldest first, in the platform's time zone, with the income earned on it. */
  days: z.array(z.object({ date: z.string(), income: z.string() })),
  total: z.string(),
  /** Income by type since the account opened (the ledger keeps these totals for the account's life). */
  byType: z.array(z.object({ type: z.enum(PROFIT_TYPES), amount: z.string() })),
});
export type Statistics = z.infer<typeof incomeStatistics>;

export const events = {
  list: endpoint({
    method: 'GET',
    path: '/events',
    access: 'user',
    summary: 'The events that are on, with their seats and whether I have signed up',
    input: noInput,
    output: z.array(userEvent),
  }),
  signup: endpoint({
    method: 'POST',
    path: '/events/:id/signup',
    access: 'user',
    summary: 'Sign up for an event (and receive its reward); signing up again answers the same',
    params: idParams,
    input: noInput,
    output: z.object({ status: z.literal('applied') }),
  }),
};

export const statisticsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/statistics',
    access: 'user',
    summary: 'My income per day over the last 7, 30 or 90 days, its total, and my income by type',
    input: z.object({
      days: z.coerce.number().pipe(z.literal(STATISTICS_PERIODS)).default(7),
    }),
    output: incomeStatistics,
  }),
};

export const eventsAdmin = {
  list: endpoint({
    method: 'GET',
    path: '/events',
    access: 'admin',
    summary: 'Every event, newest first, with its seats taken',
    input: noInput,
    output: z.array(adminEvent),
  }),
  create: endpoint({
    method: 'POST',
    path: '/events',
    access: 'admin',
    roles: ['finance'],
    summary: 'Create an event (a reward moves money: owner and finance only)',
    input: eventInput,
    output: z.object({ id: z.number().int() }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/events/:id',
    access: 'admin',
    roles: ['finance'],
    summary:
      'Change an event (its reward moves money: owner and finance only); its capacity never below the seats already taken',
    params: idParams,
    input: eventInput,
    output: adminEvent,
  }),
  signups: endpoint({
    method: 'GET',
    path: '/events/:id/signups',
    access: 'admin',
    // Who signed up, by account: for the roles that serve users, never content (issue 29).
    roles: ['finance', 'support'],
    summary: "An event's sign-ups, newest first",
    params: idParams,
    input: integerKeyedPageQuery,
    output: page(eventSignup),
  }),
};
