import { rate } from '../config.ts';
import { endpoint, idParams, noInput } from '../endpoint.ts';
import { z } from '../zod.ts';
import { localized } from './products.ts';
import { USER_LEVELS } from './user.ts';

/** A VIP level is reached by the user's totals; an SVIP level is bought from the deposit wallet. */
export const VIP_KINDS = ['vip', 'svip'] as const;
export type VipKind = (typeof VIP_KINDS)[number];

/**
 * What reaches a VIP level: the user's total recharge (credited deposits), their team size
 * (members over the three referral levels) or their total purchases.
 */
export const VIP_REQUIREMENTS = ['recharge', 'teamSize', 'purchases'] as const;
export type VipRequirement = (typeof VIP_REQUIREMENTS)[number];

/** Levels are numbered 1 to this; a user's level is the highest they reached or bought (0: none). */
export const VIP_LEVEL_MAX = 99;

const levelNumber = z.number().int().min(1).max(VIP_LEVEL_MAX);

/** What a level gives; the product applies each where it counts (docs/product.md#levels). */
export const vipBenefits = z.object({
  /** Draws a day on top of each draw's daily limit. */
  extraDraws: z.number().int().min(0).max(100),
  /** The share of the withdrawal fee waived: "0.5" halves it, "1" waives it. */
  withdrawFeeDiscount: rate,
  /** Withdrawals a day on top of `withdraw_daily_count`. */
  extraWithdrawals: z.number().int().min(0).max(100),
  /** Paid on top of what is collected from machines, as a share of it, as its own income entry. */
  incomeBonusRate: rate,
});
export type VipBenefits = z.infer<typeof vipBenefits>;

/** Money in major units for recharge and purchases; a whole number of members for teamSize. */
const requirement = z.object({ kind: z.enum(VIP_REQUIREMENTS), amount: z.string() });

/**
 * How a user holds a level: `met` its requirement, `bought` it (SVIP), `included` in a higher level
 * they hold (a bought SVIP level includes the levels below it) with its own requirement unmet, or
 * `kept` it (their level, held after its requirement was raised: levels do not drop).
 */
export const LEVEL_HOLDS = ['met', 'bought', 'included', 'kept'] as const;
export type LevelHoldKind = (typeof LEVEL_HOLDS)[number];

/**
 * A level as its user sees it; `current` is the user's own figure of the level's requirement.
 * `reached`: the user holds it (at or below their level), `holds` says how (null: not held), and
 * `includedIn` names the level that includes it when `holds` is `included`.
 */
export const vipLevel = z.object({
  level: z.number().int(),
  name: z.string(),
  kind: z.enum(VIP_KINDS),
  requirement: requirement.extend({ current: z.string() }).nullable(),
  price: z.string().nullable(),
  benefits: vipBenefits,
  reached: z.boolean(),
  holds: z.enum(LEVEL_HOLDS).nullable(),
  includedIn: z.object({ level: z.number().int(), name: z.string() }).nullable(),
});
export type VipLevel = z.infer<typeof vipLevel>;

/** A price or requirement in major units (a team size in members): never negative, 12 whole digits at most. */
const levelAmount = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, { message: 'INVALID_INPUT' });
const WHOLE_NUMBER = /^\d{1,9}$/;

/**
 * A level as an operator writes it: a VIP level has a requirement (a team size in whole members)
 * and no price, an SVIP level a price above zero and no requirement.
 */
export const vipLevelInput = z
  .object({
    level: levelNumber,
    name: localized.partial().extend({ en: z.string().trim().min(1).max(40) }),
    kind: z.enum(VIP_KINDS),
    requirement: z
      .object({ kind: z.enum(VIP_REQUIREMENTS), amount: levelAmount })
      .nullable()
      .default(null),
    price: levelAmount.nullable().default(null),
    benefits: vipBenefits,
  })
  .superRefine((level, ctx) => {
    const refuse = (path: string) => ctx.addIssue({ code: 'custom', message: 'VIP_LEVEL_TERMS', path: [path] });
    const { requirement, price } = level;
    if (level.kind === 'vip') {
      if (!requirement || (requirement.kind === 'teamSize' && !WHOLE_NUMBER.test(requirement.amount))) {
        refuse('requirement');
      }
      if (price !== null) refuse('price');
    } else {
      if (requirement !== null) refuse('requirement');
      if (price === null || !/[1-9]/.test(price)) refuse('price');
    }
  });
export type VipLevelInput = z.output<typeof vipLevelInput>;

export const adminVipLevel = z.object({
  level: z.number().int(),
  name: z.string(),
  nameI18n: z.record(z.string(), z.string()),
  kind: z.enum(VIP_KINDS),
  requirement: requirement.nullable(),
  price: z.string().nullable(),
  benefits: vipBenefits,
  /** Users at this level now. */
  holders: z.number().int(),
});
export type AdminVipLevel = z.infer<typeof adminVipLevel>;

/** A user's level in the back office, with the totals that decide the VIP levels. */
export const userVip = z.object({
  level: z.number().int(),
  name: z.string().nullable(),
  vip: z.enum(USER_LEVELS),
  /** The highest SVIP level the user bought (0: none). */
  paidLevel: z.number().int(),
  /**
   * That level as bought (null: none): its number, English name (null once the level is removed)
   * and when it was bought (null if no activation records it).
   */
  paid: z.object({ level: z.number().int(), name: z.string().nullable(), at: z.string().nullable() }).nullable(),
  totals: z.object({ recharge: z.string(), purchases: z.string(), teamSize: z.number().int() }),
  benefits: vipBenefits,
});

export const vip = {
  levels: endpoint({
    method: 'GET',
    path: '/vip/levels',
    access: 'user',
    summary: 'Every level with its requirement or price, its benefits and whether I have reached it',
    input: noInput,
    output: z.array(vipLevel),
  }),
  activate: endpoint({
    method: 'POST',
    path: '/vip/activate',
    access: 'user',
    idempotent: true,
    summary: 'Buy an SVIP level from the deposit wallet (Idempotency-Key: the same key answers the first activation)',
    input: z.object({ level: levelNumber }),
    output: z.object({ level: z.number().int() }),
  }),
};

export const vipAdmin = {
  levels: endpoint({
    method: 'GET',
    path: '/vip/levels',
    access: 'admin',
    summary: 'Every VIP and SVIP level with its benefits and how many users hold it',
    input: noInput,
    output: z.array(adminVipLevel),
  }),
  saveLevels: endpoint({
    method: 'PUT',
    path: '/vip/levels',
    access: 'admin',
    roles: ['finance'],
    summary: 'Replace the levels (owner and finance: prices and benefits move money); a level users hold stays',
    input: z.object({
      levels: z
        .array(vipLevelInput)
        .max(VIP_LEVEL_MAX)
        .refine((levels) => new Set(levels.map((l) => l.level)).size === levels.length, {
          message: 'VIP_LEVEL_DUPLICATE',
        }),
    }),
    output: z.array(adminVipLevel),
  }),
  userLevel: endpoint({
    method: 'GET',
    path: '/users/:id/vip',
    access: 'admin',
    roles: ['finance', 'support'],
    summary: "A user's level, the totals behind it and its benefits",
    params: idParams,
    input: noInput,
    output: userVip,
  }),
};
