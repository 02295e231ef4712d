import { endpoint, idParams, integerKeyedPageQuery, noInput, page } from '../endpoint.ts';
import { CASH_WALLETS } from '../ledger.ts';
import { localized } from '../localized.ts';
import { idField, idQueryField, moneyString } from '../validation.ts';
import { z } from '../zod.ts';

/**
 * What a coupon takes off an order: `amount_off` a sum of money (its `amount` in major units),
 * `percent_off` a share of the order (its `amount` a whole percentage, 1 to 100). Either way never
 * more than the order.
 */
export const COUPON_KINDS = ['amount_off', 'percent_off'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Where a coupon came from: an operator, a prize draw or a redeem code. */
export const COUPON_SOURCES = ['operator', 'draw', 'redeem'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];

/** A coupon as its owner sees it: used by an order, expired unused, or still unused. */
export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** What a redeem code gives: money to the income wallet, points, or an `amount_off` coupon. */
export const REDEEM_REWARD_KINDS = ['cash', 'points', 'coupon'] as const;
export type RedeemRewardKind = (typeof REDEEM_REWARD_KINDS)[number];

/** The wallets an operator adjusts: the two cash wallets and the points balance (whole points only). */
export const ADJUSTABLE_WALLETS = [...CASH_WALLETS, 'points'] as const;
export type AdjustableWallet = (typeof ADJUSTABLE_WALLETS)[number];

/** A user keeps at most this many addresses. */
export const ADDRESS_MAX = 20;
/** Codes one batch generates at most. */
export const REDEEM_BATCH_MAX = 5000;
/** A coupon given by a redeem code is valid this many days from the redemption. */
export const REDEEM_COUPON_DAYS = 30;
/** Users an operator issues one coupon to at once, at most. */
export const COUPON_ISSUE_MAX_USERS = 500;

const text = (max: number) => z.string().trim().min(1).max(max);
/** A positive amount in major units. */
const positiveAmount = moneyString.refine((value) => /[1-9]/.test(value) && !value.startsWith('-'), {
  message: 'INVALID_INPUT',
});
/** An amount that may be zero (a minimum spend), never negative. */
const nonNegativeAmount = moneyString.refine((value) => !value.startsWith('-'), { message: 'INVALID_INPUT' });

// ---------------------------------------------------------------- addresses

export const addressInput = z.object({
  firstName: text(50),
  lastName: text(50),
  /** Digits with an optional leading +, as the product's phone accounts (`phone_min_digits`). */
  phone: text(30),
  email: z.string().trim().max(254).optional(),
  region: text(100),
  city: text(100),
  postalCode: text(20),
  detail: text(300),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.output<typeof addressInput>;

export const address = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  region: z.string(),
  city: z.string(),
  postalCode: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Address = z.infer<typeof address>;

export const addresses = {
  list: endpoint({
    method: 'GET',
    path: '/addresses',
    access: 'user',
    summary: 'My addresses, the default first (at most ADDRESS_MAX)',
    input: noInput,
    output: z.array(address),
  }),
  create: endpoint({
    method: 'POST',
    path: '/addresses',
    access: 'user',
    summary: 'Add an address; the first one, or one marked isDefault, becomes the default',
    input: addressInput,
    output: address,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/addresses/:id',
    access: 'user',
    summary: 'Replace one of my addresses; isDefault: true makes it the default',
    params: idParams,
    input: addressInput,
    output: address,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/addresses/:id',
    access: 'user',
    summary: 'Delete one of my addresses; deleting the default makes the newest remaining one the default',
    params: idParams,
    input: noInput,
    output: z.null(),
  }),
};

// ---------------------------------------------------------------- coupons

export const coupon = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Major units for `amount_off`, a whole percentage for `percent_off`. */
  amount: z.string(),
  minSpend: z.string(),
  expiresAt: z.string(),
  status: z.enum(COUPON_STATUSES),
});
export type Coupon = z.infer<typeof coupon>;

export const coupons = {
  list: endpoint({
    method: 'GET',
    path: '/coupons',
    access: 'user',
    summary: 'My coupons by status (unused: still usable, soonest to expire first; used and expired: newest first)',
    input: integerKeyedPageQuery.extend({ status: z.enum(COUPON_STATUSES).default('unused') }),
    output: page(coupon),
  }),
};

/**
 * Whether an expiry an operator sets is still ahead at `now` (the server asks with its clock, the
 * back office's forms with the browser's): an issued coupon or batch must be usable for a while.
 */
export const expiryAhead = (expiresAt: string, now: Date): boolean => Date.parse(expiresAt) > now.getTime();

/** A coupon's name in the six languages, English required: its user reads theirs, or English. */
export const couponName = localized.partial().extend({ en: text(100) });

/**
 * An account as an operator types it to name a user: an email in any case, or a phone as users
 * type it (the server reads it as sign-in does, in the platform's default country).
 */
export const typedAccount = z.string().trim().min(1).max(100);

/**
 * Who gets the coupon: users by ID, by account, or both (each user once however often named), at
 * least one and at most COUPON_ISSUE_MAX_USERS named.
 */
export const couponIssueInput = z
  .object({
    userIds: z.array(idField).max(COUPON_ISSUE_MAX_USERS).default([]),
    accounts: z.array(typedAccount).max(COUPON_ISSUE_MAX_USERS).default([]),
    name: couponName,
    kind: z.enum(COUPON_KINDS),
    amount: positiveAmount,
    minSpend: nonNegativeAmount.default('0'),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .refine((input) => input.kind === 'amount_off' || /^(100|[1-9]\d?)$/.test(input.amount), {
    message: 'COUPON_TERMS',
    path: ['amount'],
  })
  .refine((input) => input.userIds.length + input.accounts.length > 0, {
    message: 'FIELD_REQUIRED',
    path: ['userIds'],
  })
  .refine((input) => input.userIds.length + input.accounts.length <= COUPON_ISSUE_MAX_USERS, {
    message: 'INVALID_INPUT',
    path: ['userIds'],
  });

export const adminCoupon = coupon.extend({
  nameI18n: localized.partial(),
  userId: z.number().int(),
  account: z.string(),
  source: z.enum(COUPON_SOURCES),
  orderId: z.number().int().nullable(),
  usedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const couponsAdmin = {
  issue: endpoint({
    method: 'POST',
    path: '/coupons',
    access: 'admin',
    roles: ['finance'],
    summary:
      'Issue one coupon to each user named by ID or account (an email, or a phone as users type it); unknown ones refuse the whole issue (audited)',
    input: couponIssueInput,
    output: z.object({ issued: z.number().int() }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/coupons',
    access: 'admin',
    roles: ['finance', 'support'],
    summary: "Coupons issued, newest first; one user's with userId",
    input: integerKeyedPageQuery.extend({
      userId: idQueryField.optional(),
      status: z.enum(COUPON_STATUSES).optional(),
    }),
    output: page(adminCoupon),
  }),
};

// ---------------------------------------------------------------- redeem codes

export const redeemReward = z.object({
  kind: z.enum(REDEEM_REWARD_KINDS),
  /** Major units for cash and coupon, whole points for points. */
  amount: z.string(),
});

export const redeem = {
  redeem: endpoint({
    method: 'POST',
    path: '/redeem',
    access: 'user',
    summary:
      'Redeem a code once: its reward to my income wallet, points or coupons. Unknown, used-up and expired codes are answered alike',
    input: z.object({ code: z.string().trim().min(1).max(40) }),
    output: z.object({ reward: redeemReward }),
  }),
};

export const redeemBatchInput = z
  .object({
    count: z.number().int().min(1).max(REDEEM_BATCH_MAX),
    reward: z.object({
      kind: z.enum(REDEEM_REWARD_KINDS),
      amount: positiveAmount,
      /** The coupon's name, for a coupon reward (it is shown in the user's coupons, in their language). */
      name: couponName.optional(),
    }),
    usesPerCode: z.number().int().min(1).max(1_000_000),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .superRefine((input, ctx) => {
    const { kind, amount, name } = input.reward;
    if (kind === 'points' && !/^\d+$/.test(amount)) {
      ctx.addIssue({ code: 'custom', message: 'POINTS_WHOLE', path: ['reward', 'amount'] });
    }
    if (kind === 'coupon' && !name) {
      ctx.addIssue({ code: 'custom', message: 'FIELD_REQUIRED', path: ['reward', 'name'] });
    }
  });

export const redeemBatch = z.object({
  id: z.number().int(),
  count: z.number().int(),
  /** `name`: the coupon's English name, `nameI18n` all of them (empty for another reward). */
  reward: redeemReward.extend({ name: z.string(), nameI18n: localized.partial() }),
  usesPerCode: z.number().int(),
  /** Redemptions over all the batch's codes. */
  used: z.number().int(),
  expiresAt: z.string(),
  /** The operator who generated it (null: unknown, or an operator since removed). */
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * A stored code: only its hash is kept, so it is listed by its last characters; the whole codes
 * are answered once, when the batch is generated.
 */
export const redeemCodeRow = z.object({
  id: z.number().int(),
  hint: z.string(),
  uses: z.number().int(),
  usesPerCode: z.number().int(),
  expiresAt: z.string(),
});

export const redeemAdmin = {
  generate: endpoint({
    method: 'POST',
    path: '/redeemCodes',
    access: 'admin',
    roles: ['finance'],
    summary: 'Generate a batch of codes (audited); the codes are answered only here, keep the CSV',
    input: redeemBatchInput,
    output: z.object({ batchId: z.number().int(), codes: z.array(z.string()) }),
  }),
  codes: endpoint({
    method: 'GET',
    path: '/redeemCodes',
    access: 'admin',
    roles: ['finance', 'support'],
    summary: "A batch's codes by their last characters, with their uses",
    input: z.object({ batchId: idQueryField }),
    output: z.array(redeemCodeRow),
  }),
  batches: endpoint({
    method: 'GET',
    path: '/redeemCodes/batches',
    access: 'admin',
    roles: ['finance', 'support'],
    summary: 'Batches of redeem codes, newest first',
    input: integerKeyedPageQuery,
    output: page(redeemBatch),
  }),
};
