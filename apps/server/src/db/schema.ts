import {
  ACCOUNT_KINDS,
  ADMIN_ROLES,
  ADMIN_STATUSES,
  ASSETS,
  CASH_WALLETS,
  COMMENT_STATUSES,
  CONTACT_STATUSES,
  CONTENT_STATUSES,
  CONTENT_TYPES,
  COUPON_KINDS,
  COUPON_SOURCES,
  CYCLES,
  DEPOSIT_STATUSES,
  DRAW_KINDS,
  DRAW_PRIZE_KINDS,
  DRAW_RECORD_STATUSES,
  DRAW_STATUSES,
  type DrawAddress,
  EVENT_KINDS,
  EVENT_REWARD_KINDS,
  EVENT_SWITCHES,
  HOLDING_STATUSES,
  MEDIA_EXTENSIONS,
  MEDIA_STORAGES,
  MESSAGE_AUDIENCES,
  MESSAGE_CHANNELS,
  MESSAGE_NOTICES,
  OUTBOX_STATUSES,
  PAGE_SLUGS,
  PAYOUT_ACCOUNT_STATUSES,
  PAYOUT_ACCOUNT_TYPES,
  PRODUCT_STATUSES,
  RANK_CYCLE_KINDS,
  RANK_CYCLE_STATUSES,
  REDEEM_REWARD_KINDS,
  SESSION_END_REASONS,
  STORED_CODE_PURPOSES,
  type Translations,
  UPLOAD_PURPOSES,
  USER_LEVELS,
  USER_STATUSES,
  VIP_KINDS,
  VIP_REQUIREMENTS,
  WITHDRAWAL_INITIAL_STATUS,
  WITHDRAWAL_STATUSES,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    accountKind: text('account_kind', { enum: ACCOUNT_KINDS }).notNull(),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    inviteCode: text('invite_code').notNull(),
    inviterId: integer('inviter_id'),
    /** The user's level (`vip_levels`), 0 for none; `vip` is that level's kind, kept with it. */
    level: integer('level').notNull().default(0),
    vip: text('vip', { enum: USER_LEVELS }).notNull().default('normal'),
    /** The highest SVIP level the user bought: kept whatever their totals do. */
    paidLevel: smallint('paid_level').notNull().default(0),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    language: text('language').notNull().default('en'),
    payPasswordFailures: smallint('pay_password_failures').notNull().default(0),
    payPasswordLockedUntil: ts('pay_password_locked_until'),
    lastLoginAt: ts('last_login_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_account_key').on(t.account),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_inviter_idx').on(t.inviterId),
    index('users_created_idx').on(t.createdAt),
    index('users_level_idx').on(t.level).where(sql`${t.level} > 0`),
  ],
);

/**
 * The levels operators define. A VIP level is reached by one of the user's totals (requirement,
 * in minor units for money, in members for a team size), an SVIP level bought at its price; both
 * give the benefits of their columns. Rates are shares from 0 to 1.
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    level: smallint('level').primaryKey(),
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    kind: text('kind', { enum: VIP_KINDS }).notNull(),
    requirementKind: text('requirement_kind', { enum: VIP_REQUIREMENTS }),
    requirementAmount: bigint('requirement_amount', { mode: 'bigint' }),
    price: bigint('price', { mode: 'bigint' }),
    extraDraws: integer('extra_draws').notNull(),
    withdrawFeeDiscount: numeric('withdraw_fee_discount', { precision: 7, scale: 6 }).notNull(),
    extraWithdrawals: integer('extra_withdrawals').notNull(),
    incomeBonusRate: numeric('income_bonus_rate', { precision: 7, scale: 6 }).notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('vip_levels_level', sql`${t.level} between 1 and 99`),
    check(
      'vip_levels_terms',
      sql`(${t.kind} = 'vip' and ${t.requirementKind} is not null and ${t.requirementAmount} >= 0 and ${t.price} is null)
        or (${t.kind} = 'svip' and ${t.requirementKind} is null and ${t.price} > 0)`,
    ),
    check(
      'vip_levels_benefits',
      sql`${t.withdrawFeeDiscount} between 0 and 1 and ${t.incomeBonusRate} between 0 and 1
        and ${t.extraDraws} >= 0 and ${t.extraWithdrawals} >= 0`,
    ),
  ],
);

/** The invite tree flattened: one row per (user, ancestor) up to three levels, for team queries. */
export const userAncestors = pgTable(
  'user_ancestors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => users.id),
    depth: smallint('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ancestorId] }),
    // A level of someone's team, newest first, read by keyset on the index alone.
    index('user_ancestors_team_idx').on(t.ancestorId, t.depth, t.userId),
    check('user_ancestors_depth', sql`${t.depth} between 1 and 3`),
  ],
);

/**
 * Running totals of each user's team, moved by the statements that sign a member up (`members`)
 * and that post an entry naming a member (`commission`, `ledger/post.ts`), so the team page reads
 * three rows however large the team.
 */
export const teamLevels = pgTable(
  'team_levels',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    depth: smallint('depth').notNull(),
    members: integer('members').notNull(),
    commission: bigint('commission', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.depth] }), check('team_levels_depth', sql`${t.depth} between 1 and 3`)],
);

/** What each team member has earned the user so far: the lines of the entries naming that member. */
export const teamContributions = pgTable(
  'team_contributions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.memberId] })],
);

/** The user's team commission per day of the platform's time zone at posting time, for "today". */
export const teamCommissionDays = pgTable(
  'team_commission_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason', { enum: SESSION_END_REASONS }),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    purpose: text('purpose', { enum: STORED_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_account_idx').on(t.account, t.purpose, t.id)],
);

/**
 * Every email and SMS, written in the transaction of what caused it and sent by the `deliveries`
 * job (`notify/deliveries.ts`). `body` holds a code as `HIDDEN_CODE`: the code itself is in `code`
 * where it may be shown (the trial, TEST_MODE), otherwise only sealed (`sealed_code`) until sent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    code: text('code'),
    sealedCode: text('sealed_code'),
    /** The verification code this message carries, to send it again or a fresh one. */
    codeId: bigint('code_id', { mode: 'number' }),
    purpose: text('purpose', { enum: STORED_CODE_PURPOSES }),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    /** Each claim by a sender counts one, and fences its outcome: a later claim's outcome wins. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    /** Past this it is failed: a code's validity, hours for other messages. */
    deadline: ts('deadline').notNull(),
    /** A sender holds it until then (real time); one that died lets it go when it passes. */
    claimedUntil: ts('claimed_until'),
    provider: text('provider'),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.id),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('outbox_provider_idx').on(t.provider, t.providerId).where(sql`${t.providerId} is not null`),
    index('outbox_status_idx').on(t.status, t.id),
    check('outbox_status', sql`${t.status} in ('queued', 'sent', 'delivered', 'failed')`),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A user's reported position, one row per platform day (`day`): a later report of the day moves
 * the row's position and `created_at` (the time of the day's last report). Rows from before have
 * no day.
 */
export const locationReports = pgTable(
  'location_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    day: date('day', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('location_reports_user_day').on(t.userId, t.day)],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ADMIN_ROLES }).notNull(),
    status: text('status', { enum: ADMIN_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_users_email_key').on(t.email)],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => adminUsers.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('admin_sessions_token_key').on(t.tokenHash)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id').references(() => adminUsers.id),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.id)],
);

/**
 * Ledger accounts. A user account's balance can never go below zero: the CHECK says so, whatever
 * the code does. House accounts (no owner) may go negative and are split into shards so no single
 * row is locked by every purchase.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind').notNull(),
    asset: text('asset', { enum: ASSETS }).notNull(),
    shard: smallint('shard').notNull().default(0),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_key').on(t.userId, t.kind).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_house_key').on(t.kind, t.shard).where(sql`${t.userId} is null`),
    check('ledger_accounts_user_not_negative', sql`${t.userId} is null or ${t.balance} >= 0`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    userId: integer('user_id').references(() => users.id),
    refType: text('ref_type'),
    refId: text('ref_id'),
    idempotencyKey: text('idempotency_key'),
    memo: text('memo').notNull().default(''),
    adminId: integer('admin_id').references(() => adminUsers.id),
    /** The team member whose purchase earned this referral entry (EntryDraft.memberId). */
    memberId: integer('member_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('journal_entries_idempotency_key').on(t.idempotencyKey),
    index('journal_entries_user_type_idx').on(t.userId, t.type, t.id),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset', { enum: ASSETS }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The account's balance right after this line: a user's statement reads it (`ledger/post.ts`). */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('journal_lines_entry_idx').on(t.entryId), index('journal_lines_account_idx').on(t.accountId, t.id)],
);

/**
 * Running totals of each user's lines by wallet (account kind) and entry type, moved by the
 * statement that moves the balance, so a bill reads a few rows however long the journal grows.
 * House accounts keep none: every posting touches one of their shards, and nothing reads them so.
 */
export const ledgerTallies = pgTable(
  'ledger_tallies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountKind: text('account_kind').notNull(),
    entryType: text('entry_type').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountKind, t.entryType] })],
);

/**
 * Income (lines of the income entry types on the uncollected and income wallets) per user, day
 * of the platform's time zone at posting time and entry type, for "today" and "yesterday" on the
 * bill and a statistics period's days and split by type.
 */
export const incomeDays = pgTable(
  'income_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    entryType: text('entry_type').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.entryType] })],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    description: jsonb('description').$type<Record<string, string>>().notNull(),
    image: text('image').notNull().default(''),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    cycle: text('cycle', { enum: CYCLES }).notNull(),
    incomePerCycle: bigint('income_per_cycle', { mode: 'bigint' }).notNull(),
    cycles: integer('cycles').notNull(),
    points: integer('points').notNull().default(0),
    purchaseLimit: integer('purchase_limit').notNull().default(0),
    stock: integer('stock'),
    /** Units sold of a stock-limited product; unlimited products count sales in product_sales. */
    stockSold: integer('stock_sold').notNull().default(0),
    saleStartsAt: ts('sale_starts_at'),
    saleEndsAt: ts('sale_ends_at'),
    principalReturned: boolean('principal_returned').notNull().default(false),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('off'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('products_price_positive', sql`${t.price} > 0 and ${t.incomePerCycle} >= 0 and ${t.cycles} > 0`),
    check('products_stock', sql`${t.stock} is null or ${t.stockSold} <= ${t.stock}`),
  ],
);

/** Sales counted in shards so buying a popular product does not queue on one row. */
export const productSales = pgTable(
  'product_sales',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    shard: smallint('shard').notNull(),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.shard] })],
);

/**
 * How many orders each user has placed. A purchase reads it with the rest of the buyer's history and
 * writes only if it is unchanged (the row is updated on that condition), so two purchases by one
 * user are never both judged on the same history (the purchase limit, the first-purchase bonuses).
 */
export const purchaseCounts = pgTable('purchase_counts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  orders: integer('orders').notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'bigint' }).notNull(),
    /** The list price of the units bought. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** What a coupon took off: the wallet paid `amount - discount`. */
    discount: bigint('discount', { mode: 'bigint' }).notNull().default(0n),
    wallet: text('wallet', { enum: CASH_WALLETS }).notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    uniqueIndex('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_product_idx').on(t.userId, t.productId),
    index('orders_user_idx').on(t.userId, t.id),
  ],
);

export const holdings = pgTable(
  'holdings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    cycle: text('cycle', { enum: CYCLES }).notNull(),
    cycleSeconds: integer('cycle_seconds').notNull(),
    incomePerCycle: bigint('income_per_cycle', { mode: 'bigint' }).notNull(),
    cyclesTotal: integer('cycles_total').notNull(),
    cyclesAccrued: integer('cycles_accrued').notNull().default(0),
    uncollected: bigint('uncollected', { mode: 'bigint' }).notNull().default(sql`0`),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    principalReturned: boolean('principal_returned').notNull(),
    status: text('status', { enum: HOLDING_STATUSES }).notNull().default('holding'),
    startedAt: ts('started_at').notNull(),
    nextAccrualAt: ts('next_accrual_at'),
    endsAt: ts('ends_at').notNull(),
  },
  // The due index tells a run that nothing is due at once (the accrual job runs every minute);
  // it costs the per-cycle update its heap-only path, about a tenth of an accrual's time.
  (t) => [
    index('holdings_due_idx').on(t.nextAccrualAt).where(sql`${t.status} = 'holding'`),
    index('holdings_user_idx').on(t.userId, t.id),
    check('holdings_cycles', sql`${t.cyclesAccrued} between 0 and ${t.cyclesTotal}`),
    check('holdings_uncollected', sql`${t.uncollected} >= 0`),
  ],
);

/**
 * One row per (holding, cycle): the key that makes every cycle pay exactly once. No foreign keys:
 * only the accrual batch writes these rows, from holdings it has just locked and the entry it has
 * just written, and a per-row key check would double the cost of the hottest insert there is;
 * checkLedger verifies both references instead.
 */
export const accruals = pgTable(
  'accruals',
  {
    holdingId: bigint('holding_id', { mode: 'number' }).notNull(),
    cycleNo: integer('cycle_no').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.holdingId, t.cycleNo] })],
);

/**
 * Holdings the accrual set aside: a batch failed on their own figures (an overflow, a broken
 * constraint), so they were taken out of the due set (next_accrual_at cleared) for the others to
 * accrue. Each stays here, reported by the dashboard and the ledger check, until an operator fixes
 * the holding, deletes the row and sets its next accrual again.
 */
export const setAsideHoldings = pgTable('set_aside_holdings', {
  holdingId: bigint('holding_id', { mode: 'number' })
    .primaryKey()
    .references(() => holdings.id),
  error: text('error').notNull(),
  setAsideAt: ts('set_aside_at').notNull(),
});

export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transId: text('trans_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    methodId: text('method_id').notNull(),
    provider: text('provider').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull().default('pending'),
    providerRef: text('provider_ref'),
    idempotencyKey: text('idempotency_key'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    /** The provider's page where the payer pays, kept so a repeated request answers the same page. */
    payUrl: text('pay_url'),
    /**
     * References the top-up has had at its provider (`depositReference`): a new one is started when
     * the provider took the last one but its pay page was lost. Any of them settles this top-up.
     */
    referenceCount: integer('reference_count').notNull().default(1),
    /**
     * Why a provider's success was not credited (amount or currency differs, or the top-up was paid
     * a second time under another of its references): left for an operator.
     */
    problem: text('problem'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('deposits_trans_id_key').on(t.transId),
    uniqueIndex('deposits_idempotency_key').on(t.userId, t.idempotencyKey),
    index('deposits_user_idx').on(t.userId, t.id),
    index('deposits_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The sandbox provider's own books, as an external payment service would keep them. */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    transId: text('trans_id').primaryKey(),
    kind: text('kind', { enum: ['collection', 'payout'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    webhookUrl: text('webhook_url').notNull(),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    nextWebhookAt: ts('next_webhook_at'),
    webhookDeliveredAt: ts('webhook_delivered_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_payments_webhook_idx')
      .on(t.nextWebhookAt)
      .where(sql`${t.webhookDeliveredAt} is null and ${t.nextWebhookAt} is not null`),
  ],
);

export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: PAYOUT_ACCOUNT_TYPES }).notNull(),
    holderName: text('holder_name').notNull(),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name'),
    operator: text('operator'),
    status: text('status', { enum: PAYOUT_ACCOUNT_STATUSES }).notNull(),
    rejectReason: text('reject_reason'),
    /** The payment provider's saved payee for these details (Paystack's transfer recipient). */
    recipientCode: text('recipient_code'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('payout_accounts_user_idx').on(t.userId), index('payout_accounts_status_idx').on(t.status, t.id)],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => payoutAccounts.id),
    payee: text('payee').notNull(),
    accountType: text('account_type', { enum: PAYOUT_ACCOUNT_TYPES }).notNull(),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default(WITHDRAWAL_INITIAL_STATUS),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull().default(''),
    payoutRef: text('payout_ref'),
    /** The provider a gateway payment went to; its answers and reconciliation settle it. */
    payoutProvider: text('payout_provider'),
    /** When the payment was last sent or checked at the provider: reconciliation waits after it. */
    payoutAttemptAt: ts('payout_attempt_at'),
    reviewedBy: integer('reviewed_by').references(() => adminUsers.id),
    appliedAt: ts('applied_at').notNull(),
    reviewedAt: ts('reviewed_at'),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('withdrawals_order_no_key').on(t.orderNo),
    uniqueIndex('withdrawals_idempotency_key').on(t.userId, t.idempotencyKey),
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} <= ${t.amount}`),
    check(
      'withdrawals_status',
      sql.raw(`status in (${WITHDRAWAL_STATUSES.map((status) => `'${status}'`).join(', ')})`),
    ),
  ],
);

/**
 * Every verified provider webhook, recorded in the transaction that applies it: one that arrives
 * again (a retry or a replay: Paystack signs no timestamp) finds its key taken and moves nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    /** The event's type and the provider's id of its object ("charge.success:4099260516"). */
    eventKey: text('event_key').notNull(),
    type: text('type').notNull(),
    reference: text('reference'),
    /** What applying it did: the deposit's or withdrawal's outcome, "refused" (and why), "ignored". */
    outcome: text('outcome').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventKey] })],
);

/**
 * A user's named team in the team rank: the owner and the members they invited, three levels
 * deep. Names are unique whatever their case; an operator may hide a team from the ranking.
 */
export const teams = pgTable(
  'teams',
  {
    ownerId: integer('owner_id')
      .primaryKey()
      .references(() => users.id),
    name: text('name').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    /** When the owner last chose the name: renames are spaced by `team_name_change_days`. */
    namedAt: ts('named_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('teams_name_key').on(sql`lower(${t.name})`)],
);

/**
 * The team rank's cycles, one after another without overlap (a new one starts where the last
 * ended, or at the start of the current period after a gap). Settling claims the row: `open` to
 * `settled` happens once, in the transaction that pays the prizes.
 */
export const rankCycles = pgTable(
  'rank_cycles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: RANK_CYCLE_KINDS }).notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    status: text('status', { enum: RANK_CYCLE_STATUSES }).notNull().default('open'),
    settledAt: ts('settled_at'),
    /** The operator who settled it by hand; null when the job did. */
    settledBy: integer('settled_by').references(() => adminUsers.id),
    /** The Idempotency-Key of an operator's settlement. */
    settleKey: text('settle_key'),
    teams: integer('teams'),
    paid: bigint('paid', { mode: 'bigint' }),
  },
  (t) => [
    uniqueIndex('rank_cycles_starts_at_key').on(t.startsAt),
    uniqueIndex('rank_cycles_settle_key').on(t.settleKey),
    index('rank_cycles_open_idx').on(t.endsAt).where(sql`${t.status} = 'open'`),
    check('rank_cycles_span', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Each team owner's points in a cycle (minor units of their members' purchases, weighted per
 * level), moved by the purchase's own statement. No foreign keys: only that statement writes here,
 * from the buyer's ancestors and a cycle it has just read, and a key check per row would tax the
 * busiest write there is. `reached_at` (the last purchase that counted) breaks ties.
 */
export const teamPoints = pgTable(
  'team_points',
  {
    cycleId: integer('cycle_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    reachedAt: ts('reached_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cycleId, t.ownerId] }),
    index('team_points_ranking_idx').on(t.cycleId, t.points.desc(), t.reachedAt, t.ownerId),
  ],
);

/**
 * A settled cycle's standings, frozen at the settlement: every ranked team with its name, points,
 * size and prize. The primary key refuses a rank written twice, so a cycle pays each prize once;
 * `entry_id` is the prize's ledger entry.
 */
export const rankStandings = pgTable(
  'rank_standings',
  {
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => rankCycles.id),
    rank: integer('rank').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    teamName: text('team_name').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    size: integer('size').notNull(),
    prize: bigint('prize', { mode: 'bigint' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
  },
  (t) => [
    primaryKey({ name: 'rank_standings_pkey', columns: [t.cycleId, t.rank] }),
    uniqueIndex('rank_standings_owner_key').on(t.cycleId, t.ownerId),
    check('rank_standings_prize', sql`${t.prize} >= 0`),
  ],
);

/**
 * Events users sign up for. `signups` counts the seats taken, moved in the transaction of each
 * sign-up under the row's lock, so the CHECK keeps a full event full however many arrive at once.
 */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: EVENT_KINDS }).notNull(),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    body: jsonb('body').$type<Record<string, string>>().notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    capacity: integer('capacity').notNull(),
    signups: integer('signups').notNull().default(0),
    status: text('status', { enum: EVENT_SWITCHES }).notNull(),
    rewardKind: text('reward_kind', { enum: EVENT_REWARD_KINDS }),
    /** Minor units of money, or points. */
    rewardAmount: bigint('reward_amount', { mode: 'bigint' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('events_ends_at_idx').on(t.endsAt).where(sql`${t.status} = 'on'`),
    check('events_span', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_seats', sql`${t.capacity} > 0 and ${t.signups} between 0 and ${t.capacity}`),
    check(
      'events_reward',
      sql`(${t.rewardKind} is null and ${t.rewardAmount} is null)
        or (${t.rewardKind} is not null and ${t.rewardAmount} > 0)`,
    ),
  ],
);

/** One row per user and event; `entry_id` is the reward's ledger entry when the event pays one. */
export const eventSignups = pgTable(
  'event_signups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('event_signups_user_key').on(t.eventId, t.userId), index('event_signups_user_idx').on(t.userId)],
);

/**
 * What operators write (news, posts, guides and their types, honors, pages, banners, notices): one
 * row per item whatever its type, each text field a JSON object of the six languages. `body` holds
 * HTML already sanitized by the allow-list; `title` and `summary` are plain text.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type', { enum: CONTENT_TYPES }).notNull(),
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('draft'),
    title: jsonb('title').$type<Translations>().notNull(),
    summary: jsonb('summary').$type<Translations>().notNull(),
    body: jsonb('body').$type<Translations>().notNull(),
    image: text('image').notNull().default(''),
    link: text('link').notNull().default(''),
    /** Pages only: which company page this is. */
    slug: text('slug', { enum: PAGE_SLUGS }),
    /** Guides only: the guide type (itself a content item) it belongs to. */
    typeId: integer('type_id').references((): AnyPgColumn => contentItems.id),
    commentsOpen: boolean('comments_open').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** When it was last published; kept through an unpublish so the operator sees it. */
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('content_items_list_idx').on(t.type, t.sort, t.id).where(sql`${t.status} = 'published'`),
    index('content_items_guides_idx').on(t.typeId, t.id).where(sql`${t.status} = 'published'`),
    uniqueIndex('content_items_page_key').on(t.slug).where(sql`${t.type} = 'pages'`),
    check('content_items_slug', sql`(${t.type} = 'pages') = (${t.slug} is not null)`),
    check('content_items_guide_type', sql`(${t.type} = 'guides') = (${t.typeId} is not null)`),
  ],
);

/** Users' comments on posts: plain text and up to nine uploaded images, moderated by operators. */
export const postComments = pgTable(
  'post_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => contentItems.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    status: text('status', { enum: COMMENT_STATUSES }).notNull(),
    moderatedBy: integer('moderated_by').references(() => adminUsers.id),
    moderatedAt: ts('moderated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('post_comments_post_idx').on(t.postId, t.status, t.id),
    index('post_comments_status_idx').on(t.status, t.id),
    index('post_comments_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A prize draw: its screen, what a draw costs, how many a user may make a day, and when it runs. */
export const drawCampaigns = pgTable(
  'draw_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: DRAW_KINDS }).notNull(),
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    pointsPerDraw: integer('points_per_draw').notNull(),
    dailyLimit: integer('daily_limit').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    status: text('status', { enum: DRAW_STATUSES }).notNull().default('off'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check(
      'draw_campaigns_terms',
      sql`${t.pointsPerDraw} >= 0 and ${t.dailyLimit} >= 0 and ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/**
 * A campaign's prizes. `stock` is what is left of a limited prize (null: unlimited), taken by a
 * conditional decrement; unlimited prizes are never written by a draw. A prize an operator removes
 * stays inactive, as the records of those who won it point at it.
 */
export const drawPrizes = pgTable(
  'draw_prizes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => drawCampaigns.id),
    position: smallint('position').notNull(),
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    kind: text('kind', { enum: DRAW_PRIZE_KINDS }).notNull(),
    /** Minor units for cash and coupons, whole points or draws otherwise. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    weight: integer('weight').notNull(),
    stock: integer('stock'),
    image: text('image').notNull().default(''),
    minSpend: bigint('min_spend', { mode: 'bigint' }).notNull().default(0n),
    validDays: integer('valid_days').notNull().default(30),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('draw_prizes_campaign_idx').on(t.campaignId, t.position),
    check('draw_prizes_stock', sql`${t.stock} is null or ${t.stock} >= 0`),
    check(
      'draw_prizes_terms',
      sql`${t.weight} >= 0 and ${t.amount} >= 0 and ${t.minSpend} >= 0 and ${t.validDays} > 0`,
    ),
  ],
);

/**
 * One draw: what it cost and the prize as it was won (name, kind and amount copied, so an
 * operator's later edit does not rewrite history), on the platform day it counts against; goods
 * carry the address copied from the winner's address book and their shipping.
 */
export const drawRecords = pgTable(
  'draw_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => drawCampaigns.id),
    prizeId: integer('prize_id')
      .notNull()
      .references(() => drawPrizes.id),
    day: date('day', { mode: 'string' }).notNull(),
    prizeName: jsonb('prize_name').$type<Record<string, string>>().notNull(),
    prizeKind: text('prize_kind', { enum: DRAW_PRIZE_KINDS }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    pointsSpent: integer('points_spent').notNull(),
    /** The draw's answer, kept so a replay of its Idempotency-Key answers it again. */
    pointsAfter: bigint('points_after', { mode: 'bigint' }).notNull(),
    drawsLeft: integer('draws_left').notNull(),
    status: text('status', { enum: DRAW_RECORD_STATUSES }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    couponId: integer('coupon_id'),
    address: jsonb('address').$type<DrawAddress>(),
    carrier: text('carrier'),
    tracking: text('tracking'),
    shippedAt: ts('shipped_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('draw_records_idempotency_key').on(t.idempotencyKey),
    index('draw_records_user_day_idx').on(t.userId, t.campaignId, t.day),
    index('draw_records_user_idx').on(t.userId, t.id),
    index('draw_records_status_idx').on(t.status, t.id),
    index('draw_records_prize_idx').on(t.prizeId),
  ],
);

/** A user's delivery addresses (prizes of goods); at most one is the default, by the partial unique index. */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    region: text('region').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.id),
    uniqueIndex('addresses_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/**
 * Coupons: `amount` in minor units for `amount_off`, a whole percentage for `percent_off`. A coupon
 * is used by one order: `order_id` and `used_at` are set together, once, in the purchase's transaction.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** By language, English always present (the user reads theirs, or English). */
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    minSpend: bigint('min_spend', { mode: 'bigint' }).notNull().default(0n),
    expiresAt: ts('expires_at').notNull(),
    source: text('source', { enum: COUPON_SOURCES }).notNull(),
    /** The draw record, redemption or audit row the coupon came from. */
    sourceId: text('source_id'),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupons_user_idx').on(t.userId, t.expiresAt),
    uniqueIndex('coupons_order_key').on(t.orderId),
    check(
      'coupons_terms',
      sql`${t.amount} > 0 and ${t.minSpend} >= 0
        and (${t.kind} <> 'percent_off' or ${t.amount} <= 100)`,
    ),
    check('coupons_used', sql`(${t.usedAt} is null) = (${t.orderId} is null)`),
  ],
);

/** A batch of redeem codes an operator generated: the reward (minor units, or points) and the terms of its codes. */
export const redeemBatches = pgTable(
  'redeem_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rewardKind: text('reward_kind', { enum: REDEEM_REWARD_KINDS }).notNull(),
    rewardAmount: bigint('reward_amount', { mode: 'bigint' }).notNull(),
    /** The coupons' name by language, for a coupon reward; `{}` for another reward. */
    couponName: jsonb('coupon_name').$type<Record<string, string>>().notNull().default({}),
    count: integer('count').notNull(),
    usesPerCode: integer('uses_per_code').notNull(),
    expiresAt: ts('expires_at').notNull(),
    adminId: integer('admin_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'redeem_batches_terms',
      sql`${t.rewardAmount} > 0 and ${t.count} > 0
        and ${t.usesPerCode} > 0`,
    ),
  ],
);

/**
 * One code: only its SHA-256 is stored (the codes are random enough that a hash cannot be
 * reversed by trying them), with its last characters to tell it apart. `uses` never passes
 * `uses_per_code` (CHECK), however many redeem it at once.
 */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => redeemBatches.id),
    codeHash: text('code_hash').notNull(),
    hint: text('hint').notNull(),
    uses: integer('uses').notNull().default(0),
    usesPerCode: integer('uses_per_code').notNull(),
  },
  (t) => [
    uniqueIndex('redeem_codes_hash_key').on(t.codeHash),
    index('redeem_codes_batch_idx').on(t.batchId, t.id),
    check('redeem_codes_uses', sql`${t.uses} between 0 and ${t.usesPerCode}`),
  ],
);

/** Who redeemed which code, once per user and code, with the reward's ledger entry or coupon. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    codeId: integer('code_id')
      .notNull()
      .references(() => redeemCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    couponId: integer('coupon_id').references(() => coupons.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('redemptions_code_user_key').on(t.codeId, t.userId)],
);

/**
 * System messages. An operator's broadcast is one row whatever its audience (everyone, a VIP
 * level and above, or the users listed in `message_recipients`); the product's notices and
 * replies are one row for their one user, stored as a key and values written in the reader's
 * language. See docs/decisions.md ("System messages").
 */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    audience: text('audience', { enum: MESSAGE_AUDIENCES }).notNull(),
    vipLevel: smallint('vip_level'),
    userId: integer('user_id').references(() => users.id),
    notice: text('notice', { enum: MESSAGE_NOTICES }),
    params: jsonb('params').$type<Record<string, string | Record<string, string>>>(),
    title: jsonb('title').$type<Record<string, string>>(),
    body: jsonb('body').$type<Record<string, string>>(),
    /** How many users a broadcast's audience held when it was sent. */
    sent: integer('sent'),
    adminId: integer('admin_id').references(() => adminUsers.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.id).where(sql`${t.userId} is not null`),
    index('messages_broadcast_idx')
      .on(t.id, t.audience, t.vipLevel, t.createdAt)
      .where(sql`${t.audience} in ('all', 'vip')`),
    check(
      'messages_audience',
      sql`(${t.audience} = 'user') = (${t.userId} is not null) and (${t.audience} = 'vip') = (${t.vipLevel} is not null)`,
    ),
    check('messages_text', sql`(${t.notice} is null) = (${t.title} is not null and ${t.body} is not null)`),
  ],
);

/** A (user, message) pair, keyed by user first: the way a user's list and unread count read it. */
const userMessagePairs = (name: string) =>
  pgTable(
    name,
    {
      userId: integer('user_id')
        .notNull()
        .references(() => users.id),
      messageId: integer('message_id')
        .notNull()
        .references(() => messages.id),
    },
    (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
  );

/** The users a broadcast to chosen users reaches. */
export const messageRecipients = userMessagePairs('message_recipients');

/** One row per message a user opened after their last "read all". */
export const messageReads = userMessagePairs('message_reads');

/** A user's "read all": every message up to this id is read, in one row. */
export const messageReadUpto = pgTable('message_read_upto', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  messageId: integer('message_id').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** What users write through the contact form: the support inbox, answered by a system message. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    contact: text('contact'),
    status: text('status', { enum: CONTACT_STATUSES }).notNull().default('open'),
    reply: text('reply'),
    replyMessageId: integer('reply_message_id').references(() => messages.id),
    handledBy: integer('handled_by').references(() => adminUsers.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('contact_messages_status_idx').on(t.status, t.id),
    index('contact_messages_user_idx').on(t.userId, t.status),
  ],
);

/** Bytes as Node reads them, whichever driver returns them (PGlite answers a `Uint8Array`). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Every image uploaded by a user or an operator, after it was checked, resized and re-encoded:
 * its URL is `/media/<key>.<extension>` wherever its bytes are kept (`storage`).
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    extension: text('extension', { enum: MEDIA_EXTENSIONS }).notNull(),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
    storage: text('storage', { enum: MEDIA_STORAGES }).notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    userId: integer('user_id').references(() => users.id),
    adminId: integer('admin_id').references(() => adminUsers.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('uploads_key', sql`${t.key} ~ '^[0-9a-f]{32}$'`),
    check('uploads_one_owner', sql`(${t.userId} is null) <> (${t.adminId} is null)`),
    index('uploads_user_idx').on(t.userId, t.createdAt).where(sql`${t.userId} is not null`),
  ],
);

/** The bytes of the uploads kept in the database (the default storage). */
export const uploadBytes = pgTable('upload_bytes', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
});
