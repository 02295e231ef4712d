import { type AdminRole, endpoint, idParams, noInput, page, pageQuery } from '../endpoint.ts';
import { CYCLES, type Cycle } from '../kinds.ts';
import { CASH_WALLETS, ENTRY_TYPES, PROFIT_TYPES } from '../ledger.ts';
import { localized } from '../localized.ts';
import { imageUrl } from '../media.ts';
import { toMinor } from '../money.ts';
import { INTEGER_COLUMN_MAX, idField, idQueryField, moneyString, someChange } from '../validation.ts';
import { z } from '../zod.ts';
import { ADJUSTABLE_WALLETS } from './points.ts';

/** A product on sale in the catalogue, or taken off it. */
export const PRODUCT_STATUSES = ['on', 'off'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const CYCLE_SECONDS: Record<Cycle, number> = { hour: 3600, day: 86_400, week: 604_800 };

export { localized };

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  price: z.string(),
  cycle: z.enum(CYCLES),
  incomePerCycle: z.string(),
  cycles: z.number().int(),
  totalIncome: z.string(),
  totalReturnRate: z.string(),
  points: z.number().int(),
  purchaseLimit: z.number().int(),
  purchased: z.number().int(),
  sold: z.number().int(),
  stock: z.number().int().nullable(),
  limitedTime: z.boolean(),
  saleStartsAt: z.string().nullable(),
  saleEndsAt: z.string().nullable(),
  principalReturned: z.boolean(),
});
export type Product = z.infer<typeof product>;

export const order = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  /** The list price of the units bought. */
  amount: z.string(),
  /** What a coupon took off it ("0.00" without one). */
  discount: z.string(),
  /** What the wallet paid: the amount less the discount. */
  paid: z.string(),
  wallet: z.enum(CASH_WALLETS),
  createdAt: z.string(),
});

export const HOLDING_STATUSES = ['holding', 'expired'] as const;
export type HoldingStatus = (typeof HOLDING_STATUSES)[number];

export const holding = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  image: z.string(),
  status: z.enum(HOLDING_STATUSES),
  cycle: z.enum(CYCLES),
  incomePerCycle: z.string(),
  cyclesTotal: z.number().int(),
  cyclesAccrued: z.number().int(),
  uncollected: z.string(),
  earned: z.string(),
  startedAt: z.string(),
  nextIncomeAt: z.string().nullable(),
  expiresAt: z.string(),
});

export const record = z.object({
  id: z.number().int(),
  type: z.enum(ENTRY_TYPES),
  amount: z.string(),
  balanceKind: z.string(),
  memo: z.string(),
  /** What moved the balance, in the user's language, as the statement names it. */
  source: z.string(),
  /** The team member whose purchase earned a referral record, masked (`ab***@mail.com`); else null. */
  member: z.string().nullable(),
  createdAt: z.string(),
});

/** The most units one purchase buys: one holding is at most this many units. */
export const PURCHASE_MAX_QUANTITY = 100;

/**
 * The most a product asks or pays per unit, in minor units: its price, and its total income (income
 * per cycle × cycles). A holding is at most PURCHASE_MAX_QUANTITY (100) units, so it earns at most
 * 10^14 in its life, and an accrual batch (20,000 holdings) credits at most 2 × 10^18 between them:
 * every figure the accrual computes (a holding's income, a user's total in a batch, the house's side
 * of it) stays under PostgreSQL's bigint (9.22 × 10^18), whatever the currency's decimals. The
 * contract, which does not know the decimals, holds amounts to this many whole units (exact with 0
 * decimals); the server holds them to this many minor units.
 */
export const PRODUCT_MAX_MINOR = 1_000_000_000_000n;

/** The fields that say what a product costs and pays: only these roles may change them. */
export const PRODUCT_TERMS = ['price', 'cycle', 'incomePerCycle', 'cycles', 'principalReturned', 'points'] as const;
export const PRODUCT_TERMS_ROLES: readonly AdminRole[] = ['owner', 'finance'];

/** moneyString's most decimals: amounts compare exactly at this scale, never as floats. */
const EXACT_DECIMALS = 8;

/** Whether `times` × `amount` is more than `max` whole units; a malformed amount is left to its own check. */
function above(amount: string, max: bigint, times = 1): boolean {
  if (!moneyString.safeParse(amount).success || !Number.isSafeInteger(times)) return false;
  return toMinor(amount, EXACT_DECIMALS) * BigInt(times) > max * 10n ** BigInt(EXACT_DECIMALS);
}

const tooLarge = (key: 'PRODUCT_AMOUNT_TOO_LARGE' | 'PRODUCT_INCOME_TOO_LARGE', input: unknown) =>
  ({
    code: 'too_big',
    origin: 'number',
    maximum: Number(PRODUCT_MAX_MINOR),
    inclusive: true,
    input,
    message: key,
  }) as const;

const productAmount = moneyString.superRefine((amount, ctx) => {
  if (above(amount, PRODUCT_MAX_MINOR)) ctx.addIssue(tooLarge('PRODUCT_AMOUNT_TOO_LARGE', amount));
});

/** What an operator edits; derived figures (total return, daily income) are never stored. */
const productFields = z.object({
  name: localized.partial().extend({ en: z.string().trim().min(1).max(100) }),
  description: localized.partial(),
  image: imageUrl,
  price: productAmount,
  cycle: z.enum(CYCLES),
  incomePerCycle: productAmount,
  cycles: z.number().int().min(1).max(100_000),
  points: z.number().int().min(0).max(1_000_000),
  purchaseLimit: z.number().int().min(0).max(1_000_000),
  stock: z.number().int().min(0).max(INTEGER_COLUMN_MAX).nullable(),
  saleStartsAt: z.iso.datetime({ offset: true }).nullable(),
  saleEndsAt: z.iso.datetime({ offset: true }).nullable(),
  principalReturned: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
});

/** Creating: optional fields take their defaults. */
export const productInput = productFields
  .extend({
    description: productFields.shape.description.optional(),
    image: productFields.shape.image.default(''),
    points: productFields.shape.points.default(0),
    purchaseLimit: productFields.shape.purchaseLimit.default(0),
    stock: productFields.shape.stock.default(null),
    saleStartsAt: productFields.shape.saleStartsAt.default(null),
    saleEndsAt: productFields.shape.saleEndsAt.default(null),
    principalReturned: productFields.shape.principalReturned.default(false),
    status: productFields.shape.status.default('off'),
    sort: productFields.shape.sort.default(0),
  })
  .superRefine((product, ctx) => {
    if (above(product.incomePerCycle, PRODUCT_MAX_MINOR, product.cycles)) {
      ctx.addIssue({ ...tooLarge('PRODUCT_INCOME_TOO_LARGE', product.incomePerCycle), path: ['incomePerCycle'] });
    }
  });

/**
 * Editing: only the fields sent change (zod applies defaults even inside .partial()). The server
 * checks the total income against the product as it stands.
 */
export const productUpdate = someChange(productFields.partial());

export const adminProduct = product.extend({
  nameI18n: z.record(z.string(), z.string()),
  descriptionI18n: z.record(z.string(), z.string()),
  status: z.enum(PRODUCT_STATUSES),
  sort: z.number().int(),
});

export const products = {
  list: endpoint({
    method: 'GET',
    path: '/products',
    access: 'public',
    viewer: true,
    summary: 'Products on sale, by cycle',
    input: z.object({ cycle: z.enum(CYCLES).optional() }),
    output: z.array(product),
  }),
  get: endpoint({
    method: 'GET',
    path: '/products/:id',
    access: 'public',
    viewer: true,
    summary: 'One product',
    params: idParams,
    input: noInput,
    output: product,
  }),
  purchase: endpoint({
    method: 'POST',
    path: '/orders',
    access: 'user',
    idempotent: true,
    summary: 'Buy a product (Idempotency-Key: the same key returns the first answer)',
    input: z.object({
      productId: idField,
      quantity: z.number().int().min(1).max(PURCHASE_MAX_QUANTITY).default(1),
      wallet: z.enum(CASH_WALLETS).default('deposit'),
      /** One of the buyer's unused coupons, taking its discount off what the wallet pays. */
      couponId: idField.optional(),
    }),
    output: z.object({ order, holding }),
  }),
  orders: endpoint({
    method: 'GET',
    path: '/orders',
    access: 'user',
    summary: 'My orders',
    input: pageQuery,
    output: page(order),
  }),
  holdings: endpoint({
    method: 'GET',
    path: '/holdings',
    access: 'user',
    summary: 'My machines: holding or expired',
    input: pageQuery.extend({ status: z.enum(HOLDING_STATUSES).optional() }),
    output: page(holding),
  }),
  collect: endpoint({
    method: 'POST',
    path: '/holdings/collect',
    access: 'user',
    idempotent: true,
    summary: 'Collect accrued income into the income wallet (all machines when no id)',
    input: z.object({ holdingId: idField.optional() }),
    output: z.object({ collected: z.string() }),
  }),
};

export const records = {
  deposit: endpoint({
    method: 'GET',
    path: '/records/deposit',
    access: 'user',
    summary: 'Deposit records',
    input: pageQuery,
    output: page(record),
  }),
  profit: endpoint({
    method: 'GET',
    path: '/records/profit',
    access: 'user',
    summary: 'Income records, optionally of one profit type',
    input: pageQuery.extend({ type: z.enum(PROFIT_TYPES).optional() }),
    output: page(record),
  }),
  withdraw: endpoint({
    method: 'GET',
    path: '/records/withdraw',
    access: 'user',
    summary: 'Withdrawal records',
    input: pageQuery,
    output: page(record),
  }),
  points: endpoint({
    method: 'GET',
    path: '/records/points',
    access: 'user',
    summary: 'Points records',
    input: pageQuery,
    output: page(record),
  }),
};

export const ledgerViolation = z.object({ invariant: z.string(), detail: z.string() });

export const adminHolding = holding.extend({ userId: z.number().int(), orderId: z.number().int() });
export const adminOrder = order.extend({ userId: z.number().int(), userAccount: z.string() });
export const ledgerLine = z.object({
  entryId: z.number().int(),
  type: z.enum(ENTRY_TYPES),
  account: z.string(),
  amount: z.string(),
  memo: z.string(),
  /** The team member whose purchase earned a referral entry; else null. */
  memberId: z.number().int().nullable(),
  /** The operator who made an increase or decrease; else null. */
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  /** The SVIP level an activation bought, by its English name; else null. */
  levelName: z.string().nullable(),
  createdAt: z.string(),
});

export const productsAdmin = {
  products: endpoint({
    method: 'GET',
    path: '/products',
    access: 'admin',
    summary: 'Every product',
    input: noInput,
    output: z.array(adminProduct),
  }),
  createProduct: endpoint({
    method: 'POST',
    path: '/products',
    access: 'admin',
    roles: ['finance'],
    summary: 'Create a product (its price and income are finance’s: owner and finance only)',
    input: productInput,
    output: adminProduct,
  }),
  updateProduct: endpoint({
    method: 'PUT',
    path: '/products/:id',
    access: 'admin',
    roles: ['content', 'finance'],
    summary:
      'Edit a product (price and income apply to new purchases only; only owner and finance change its terms: price, cycle, income, cycles, principal return, points)',
    params: idParams,
    input: productUpdate,
    output: adminProduct,
  }),
  orders: endpoint({
    method: 'GET',
    path: '/orders',
    access: 'admin',
    // Users' accounts (emails, phones): for the roles that serve users, never content (issue 29).
    roles: ['finance', 'support'],
    summary: 'Orders, newest first',
    input: pageQuery.extend({ userId: idQueryField.optional() }),
    output: page(adminOrder),
  }),
  holdings: endpoint({
    method: 'GET',
    path: '/holdings',
    access: 'admin',
    summary: 'Holdings, newest first',
    input: pageQuery.extend({
      userId: idQueryField.optional(),
      status: z.enum(HOLDING_STATUSES).optional(),
    }),
    output: page(adminHolding),
  }),
  userLedger: endpoint({
    method: 'GET',
    path: '/users/:id/ledger',
    access: 'admin',
    roles: ['finance', 'support'],
    summary: "A user's balances and ledger lines",
    params: idParams,
    input: pageQuery,
    output: page(ledgerLine).extend({
      balances: z.object({
        deposit: z.string(),
        income: z.string(),
        uncollected: z.string(),
        withdraw_hold: z.string(),
        points: z.string(),
      }),
    }),
  }),
  adjust: endpoint({
    method: 'POST',
    path: '/users/:id/adjust',
    access: 'admin',
    roles: ['finance'],
    idempotent: true,
    summary: 'System increase (positive) or decrease (negative) of a wallet or of points (whole), with a reason',
    params: idParams,
    input: z
      .object({
        wallet: z.enum(ADJUSTABLE_WALLETS),
        amount: moneyString,
        reason: z.string().trim().min(1).max(500),
      })
      .refine((input) => input.wallet !== 'points' || /^-?\d+$/.test(input.amount), {
        message: 'POINTS_WHOLE',
        path: ['amount'],
      }),
    output: z.object({ entryId: z.number().int(), balance: z.string() }),
  }),
  ledgerCheck: endpoint({
    method: 'GET',
    path: '/ledger/check',
    access: 'admin',
    // The ledger's health: finance's and the owner's alone (issue 29).
    roles: ['finance'],
    summary: 'The ledger invariants: every entry balanced, balances = lines, none negative, accruals = entries',
    input: noInput,
    output: z.object({ ok: z.boolean(), violations: z.array(ledgerViolation) }),
  }),
};
