import { endpoint, idParams, noInput, page, pageQuery } from '../endpoint.ts';
import { imageUrl } from '../media.ts';
import { INTEGER_COLUMN_MAX, idField, moneyString, someChange } from '../validation.ts';
import { z } from '../zod.ts';
import { localized } from './products.ts';

/** The four draw screens: lucky turntable, lucky capsule, lucky window, nine-grid. */
export const DRAW_KINDS = ['turntable', 'capsule', 'window', 'grid'] as const;
export type DrawKind = (typeof DRAW_KINDS)[number];

/** A campaign users can draw in (while it runs), or one an operator has switched off. */
export const DRAW_STATUSES = ['on', 'off'] as const;
export type DrawStatus = (typeof DRAW_STATUSES)[number];

/**
 * What a prize pays: money into the income wallet, points, extra draws for the rest of the day,
 * a coupon, goods shipped to the winner's address, or nothing (a "try again" slot).
 */
export const DRAW_PRIZE_KINDS = ['cash', 'points', 'draws', 'coupon', 'goods', 'nothing'] as const;
export type DrawPrizeKind = (typeof DRAW_PRIZE_KINDS)[number];

/**
 * Where a won prize stands: paid at once (`completed`), or goods waiting for the winner's address,
 * then for the operator to ship them, then shipped.
 */
export const DRAW_RECORD_STATUSES = ['completed', 'awaiting_address', 'awaiting_shipment', 'shipped'] as const;
export type DrawRecordStatus = (typeof DRAW_RECORD_STATUSES)[number];

/** The most prizes a campaign holds (the nine-grid shows eight around its button, the turntable up to twelve). */
export const DRAW_PRIZES_MAX = 12;

/** A prize as users see it: what it pays, never its weight or stock. */
export const drawPrize = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(DRAW_PRIZE_KINDS),
  /** Money in major units (cash, coupon), a whole number of points or draws, "0" for goods and nothing. */
  amount: z.string(),
  image: z.string(),
});
export type DrawPrize = z.infer<typeof drawPrize>;

export const drawCampaign = z.object({
  id: z.number().int(),
  kind: z.enum(DRAW_KINDS),
  name: z.string(),
  pointsPerDraw: z.number().int(),
  dailyLimit: z.number().int(),
  /** The daily limit plus the VIP level's extra draws plus draws won today, less today's draws. */
  drawsLeftToday: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  prizes: z.array(drawPrize),
});
export type DrawCampaign = z.infer<typeof drawCampaign>;

export const drawResult = z.object({
  recordId: z.number().int(),
  prize: drawPrize.omit({ image: true }),
  /** The user's points balance after the draw (and after a points prize). */
  points: z.string(),
  drawsLeftToday: z.number().int(),
});
export type DrawResult = z.infer<typeof drawResult>;

/** The shipping address copied onto a goods record when the winner chose it. */
export const drawAddress = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  region: z.string(),
  city: z.string(),
  postalCode: z.string(),
  detail: z.string(),
});
export type DrawAddress = z.infer<typeof drawAddress>;

export const drawRecord = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  prizeName: z.string(),
  prizeKind: z.enum(DRAW_PRIZE_KINDS),
  amount: z.string(),
  status: z.enum(DRAW_RECORD_STATUSES),
  createdAt: z.string(),
});
export type DrawRecord = z.infer<typeof drawRecord>;

export const drawRecordDetail = drawRecord.extend({
  pointsSpent: z.number().int(),
  /** Goods only, once the winner chose it. */
  address: drawAddress.nullable(),
  carrier: z.string().nullable(),
  tracking: z.string().nullable(),
  shippedAt: z.string().nullable(),
});
export type DrawRecordDetail = z.infer<typeof drawRecordDetail>;

/** A prize's amount: money (cash, coupon) in major units, whole points or draws, ignored for goods and nothing. */
const prizeAmount = moneyString;

const prizeName = localized.partial().extend({ en: z.string().trim().min(1).max(60) });

/**
 * A prize as an operator writes it. A cash or coupon prize pays an amount above zero, a points
 * or draws prize a whole number above zero; a coupon prize also says its minimum spend and for how
 * many days it is valid. `stock` null: unlimited.
 */
const prizeFields = z.object({
  name: prizeName,
  kind: z.enum(DRAW_PRIZE_KINDS),
  amount: prizeAmount.default('0'),
  weight: z.number().int().min(0).max(1_000_000),
  stock: z.number().int().min(0).max(INTEGER_COLUMN_MAX).nullable().default(null),
  image: imageUrl.default(''),
  minSpend: moneyString.default('0'),
  validDays: z.number().int().min(1).max(3650).default(30),
});

function checkAmount(prize: { kind: DrawPrizeKind; amount: string }, ctx: z.RefinementCtx) {
  const positive = /[1-9]/.test(prize.amount);
  const whole = /^\d{1,9}$/.test(prize.amount);
  const ok =
    prize.kind === 'cash' || prize.kind === 'coupon'
      ? positive
      : prize.kind === 'points' || prize.kind === 'draws'
        ? positive && whole
        : true;
  if (!ok) ctx.addIssue({ code: 'custom', message: 'DRAW_PRIZE_AMOUNT', path: ['amount'] });
}

export const drawPrizeInput = prizeFields.superRefine(checkAmount);
export type DrawPrizeInput = z.output<typeof drawPrizeInput>;

const campaignFields = z.object({
  kind: z.enum(DRAW_KINDS),
  name: localized.partial().extend({ en: z.string().trim().min(1).max(60) }),
  pointsPerDraw: z.number().int().min(0).max(1_000_000_000),
  dailyLimit: z.number().int().min(0).max(10_000),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  status: z.enum(DRAW_STATUSES),
  prizes: z.array(drawPrizeInput).min(1).max(DRAW_PRIZES_MAX),
});

const runsForward = (campaign: { startsAt?: string; endsAt?: string }) =>
  !campaign.startsAt || !campaign.endsAt || Date.parse(campaign.startsAt) < Date.parse(campaign.endsAt);
const someWeight = (campaign: { prizes?: DrawPrizeInput[] }) =>
  !campaign.prizes || campaign.prizes.some((prize) => prize.weight > 0);

/** A new campaign: it must end after it starts, and at least one prize must have a weight. */
export const drawCampaignInput = campaignFields
  .extend({ status: campaignFields.shape.status.default('off') })
  .refine(runsForward, { message: 'DRAW_DATES', path: ['endsAt'] })
  .refine(someWeight, { message: 'DRAW_NO_WEIGHT', path: ['prizes'] });
export type DrawCampaignInput = z.output<typeof drawCampaignInput>;

/**
 * Editing: only the fields sent change. `prizes`, when sent, is the whole new list: a prize with
 * `id` is edited in place (its records keep pointing at it), one without is added, one left out
 * stops being drawn.
 */
export const drawCampaignUpdate = someChange(
  campaignFields
    .extend({
      prizes: z
        .array(prizeFields.extend({ id: idField.optional() }).superRefine(checkAmount))
        .min(1)
        .max(DRAW_PRIZES_MAX),
    })
    .partial(),
)
  .refine(runsForward, { message: 'DRAW_DATES', path: ['endsAt'] })
  .refine(someWeight, { message: 'DRAW_NO_WEIGHT', path: ['prizes'] });
export type DrawCampaignUpdate = z.output<typeof drawCampaignUpdate>;

export const adminDrawPrize = drawPrize.extend({
  nameI18n: z.record(z.string(), z.string()),
  weight: z.number().int(),
  /** The chance of this prize on a draw now, as a percentage with two decimals ("12.50"). */
  odds: z.string(),
  /** Left to win; null: unlimited. */
  stock: z.number().int().nullable(),
  /** Times won so far. */
  won: z.number().int(),
  minSpend: z.string(),
  validDays: z.number().int(),
});
export type AdminDrawPrize = z.infer<typeof adminDrawPrize>;

export const adminDrawCampaign = z.object({
  id: z.number().int(),
  kind: z.enum(DRAW_KINDS),
  name: z.string(),
  nameI18n: z.record(z.string(), z.string()),
  pointsPerDraw: z.number().int(),
  dailyLimit: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(DRAW_STATUSES),
  /** Draws made in this campaign so far. */
  draws: z.number().int(),
  prizes: z.array(adminDrawPrize),
});
export type AdminDrawCampaign = z.infer<typeof adminDrawCampaign>;

export const adminDrawRecord = drawRecordDetail.extend({
  userId: z.number().int(),
  userAccount: z.string(),
  prizeId: z.number().int(),
});
export type AdminDrawRecord = z.infer<typeof adminDrawRecord>;

export const DRAW_SIMULATION_DRAWS = 10_000;

export const draws = {
  list: endpoint({
    method: 'GET',
    path: '/draws',
    access: 'user',
    summary: 'The campaigns running now, with their prizes and my draws left today',
    input: noInput,
    output: z.array(drawCampaign),
  }),
  draw: endpoint({
    method: 'POST',
    path: '/draws/:id/draw',
    access: 'user',
    idempotent: true,
    summary:
      'Draw once: pays the points, picks and pays a prize (Idempotency-Key: the same key answers the first draw)',
    params: idParams,
    input: noInput,
    output: drawResult,
  }),
  records: endpoint({
    method: 'GET',
    path: '/draws/records',
    access: 'user',
    summary: 'My draw records, newest first',
    input: pageQuery.extend({ status: z.enum(DRAW_RECORD_STATUSES).optional() }),
    output: page(drawRecord),
  }),
  record: endpoint({
    method: 'GET',
    path: '/draws/records/:id',
    access: 'user',
    summary: 'One of my draw records, with the shipping address and fulfilment of goods',
    params: idParams,
    input: noInput,
    output: drawRecordDetail,
  }),
  setAddress: endpoint({
    method: 'POST',
    path: '/draws/records/:id/address',
    access: 'user',
    summary: 'Choose where a won parcel goes (copied onto the record: a later edit of the address does not move it)',
    params: idParams,
    input: z.object({ addressId: idField }),
    output: drawRecordDetail,
  }),
};

export const drawsAdmin = {
  campaigns: endpoint({
    method: 'GET',
    path: '/draws',
    access: 'admin',
    summary: 'Every draw campaign with its prizes, weights, odds and stock',
    input: noInput,
    output: z.array(adminDrawCampaign),
  }),
  createCampaign: endpoint({
    method: 'POST',
    path: '/draws',
    access: 'admin',
    roles: ['finance'],
    summary: 'Create a draw campaign (its prizes pay money: owner and finance only)',
    input: drawCampaignInput,
    output: z.object({ id: z.number().int() }),
  }),
  updateCampaign: endpoint({
    method: 'PUT',
    path: '/draws/:id',
    access: 'admin',
    roles: ['finance'],
    summary: 'Edit a draw campaign (owner and finance only)',
    params: idParams,
    input: drawCampaignUpdate,
    output: adminDrawCampaign,
  }),
  simulate: endpoint({
    method: 'POST',
    path: '/draws/:id/simulate',
    access: 'admin',
    // Odds and their cost: finance's and the owner's alone (issue 29).
    roles: ['finance'],
    summary:
      'Run 10,000 draws of the campaign’s prizes as they stand (nothing paid, no stock taken): the wins per prize',
    params: idParams,
    input: noInput,
    output: z.object({
      draws: z.number().int(),
      prizes: z.array(z.object({ id: z.number().int(), name: z.string(), odds: z.string(), wins: z.number().int() })),
    }),
  }),
  records: endpoint({
    method: 'GET',
    path: '/draws/records',
    access: 'admin',
    // Winners' addresses and phones: for the roles that ship prizes, never content (issue 29).
    roles: ['finance', 'support'],
    summary: 'Draw records, newest first, by status (goods to ship: awaiting_shipment)',
    input: pageQuery.extend({
      status: z.enum(DRAW_RECORD_STATUSES).optional(),
      campaignId: z.coerce.number().int().positive().max(INTEGER_COLUMN_MAX).optional(),
    }),
    output: page(adminDrawRecord),
  }),
  ship: endpoint({
    method: 'POST',
    path: '/draws/records/:id/ship',
    access: 'admin',
    roles: ['support'],
    summary: 'Mark a goods prize shipped, with its tracking number',
    params: idParams,
    input: z.object({
      carrier: z.string().trim().max(60).optional(),
      tracking: z.string().trim().min(1).max(100),
    }),
    output: adminDrawRecord,
  }),
};
