import { MODERATION_MODES } from './endpoints/content.ts';
import { RANK_CYCLE_KINDS, TEAM_NAME_MAX } from './endpoints/rank.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { moneyString } from './validation.ts';
import { z } from './zod.ts';

export const DATE_FORMATS = ['yyyy-mm-dd', 'dd/mm/yyyy', 'mm/dd/yyyy', 'dd.mm.yyyy', 'language'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
const weekday = z.number().int().min(0).max(6);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** A share from 0 to 1 as a decimal string with up to 6 decimals ("0.05" = 5 %). */
export const rate = z.string().regex(/^0(\.\d{1,6})?$|^1(\.0{1,6})?$/);
const url = z.string().max(500);
/** A prize in major units: never negative, and small enough that a hundred of them fit a bigint in any currency. */
const rankPrize = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/);
/** An ISO 3166-1 alpha-2 country code ("NG"). */
const countryCode = z.string().regex(/^[A-Z]{2}$/);
/** A country calling code as E.164 writes it after the + ("234"). */
const callingCode = z.string().regex(/^[1-9]\d{0,2}$/);
/** A bank or mobile-money operator users choose by name; `code` is the payment provider's for it. */
const payoutInstitution = z.object({ name: z.string().min(1).max(60), code: z.string().max(20) });

/**
 * The configuration an operator edits in the back office. `public` keys are also answered by
 * GET /appConfig. Money values are decimal strings in major units, like every money field.
 */
interface Setting<S extends z.ZodType> {
  public: boolean;
  schema: S;
  default: z.infer<S>;
}

function setting<S extends z.ZodType>(isPublic: boolean, schema: S, value: z.infer<S>): Setting<S> {
  return { public: isPublic, schema, default: value };
}

export const CONFIG = {
  app_currency: setting(true, z.string().min(1).max(8), '$'),
  app_currency_decimals: setting(true, z.number().int().min(0).max(4), 2),
  app_maintain_time: setting(true, z.string().max(100), ''),
  recharge_min: setting(true, moneyString, '10.00'),
  recharge_max: setting(true, moneyString, '50000.00'),
  withdraw_min: setting(true, moneyString, '100.00'),
  withdraw_max: setting(true, moneyString, '50000.00'),
  withdraw_step: setting(true, moneyString, '100.00'),
  withdraw_fee_rate: setting(true, rate, '0.05'),
  collect_days: setting(true, z.array(weekday).max(7), [1, 2, 3, 4, 5]),
  timezone: setting(true, z.string().min(1).max(64), 'Africa/Lagos'),
  // How the app writes a date (the spec's default yyyy-mm-dd); `language` is the user's language's own way.
  date_format: setting(true, z.enum(DATE_FORMATS), 'yyyy-mm-dd'),
  invite_required: setting(true, z.boolean(), false),
  languages: setting(true, z.array(z.enum(LANGUAGES)).min(1), [...LANGUAGES]),
  app_version: setting(true, z.string().max(20), '1.0.2'),
  app_version_code: setting(true, z.number().int().min(0), 102),
  phone_min_digits: setting(true, z.number().int().min(5).max(15), 10),
  // A language's own shortest phone number (the spec's Spanish variant accepts 9 digits); others use phone_min_digits.
  phone_min_digits_by_language: setting(true, z.partialRecord(z.enum(LANGUAGES), z.number().int().min(5).max(15)), {
    es: 9,
  }),
  // The country (ISO 3166 code) of a phone number typed without + and its country code; every
  // number is kept in E.164 (+2348031234567), so one phone is one account however it is typed.
  phone_default_country: setting(true, countryCode, 'NG'),
  app_name: setting(true, z.string().min(1).max(60), 'Minerva'),

  // Country calling codes ("234", "233") whose numbers may receive SMS codes; empty: every country.
  // A defence against SMS pumping: a number outside them is refused before anything is sent.
  sms_countries: setting(false, z.array(callingCode).max(250), []),
  // SMS codes sent to one country calling code in any hour, past which requests wait (SMS pumping).
  sms_codes_per_country_hour: setting(false, z.number().int().min(1).max(1_000_000), 500),
  maintenance: setting(false, z.boolean(), false),
  service_1: setting(false, url, 'https://t.me/minerva_support'),
  service_2: setting(false, url, 'https://wa.me/2348000000000'),
  service_3: setting(false, url, 'mailto:support@minerva.example'),
  app_update_url: setting(false, url, ''),
  app_update_force: setting(false, z.boolean(), false),
  app_update_notes: setting(false, z.string().max(2000), ''),
  single_device: setting(false, z.boolean(), false),
  session_idle_days: setting(false, z.number().int().min(1).max(365), 30),
  // On by default: a new or edited payout account is "pending approval" (the spec's state) until an operator approves it.
  payout_account_approval: setting(false, z.boolean(), true),
  withdraw_daily_count: setting(false, z.number().int().min(0).max(100), 1),
  withdraw_days: setting(false, z.array(weekday).max(7), [1, 2, 3, 4, 5]),
  withdraw_hours: setting(false, z.object({ from: hhmm, to: hhmm }), { from: '09:00', to: '17:00' }),
  referral_rates: setting(false, z.array(rate).length(3), ['0.10', '0.05', '0.02']),
  new_invite_bonus: setting(false, moneyString, '5.00'),
  repurchase_bonus_rate: setting(false, rate, '0.01'),
  // Public: the purchase sheet offers the income wallet only when it may be used.
  purchase_from_income: setting(true, z.boolean(), false),
  // Off: a VIP level once reached is kept. On: it is lost when the totals no longer meet it (an SVIP level bought is kept).
  vip_level_can_drop: setting(false, z.boolean(), false),
  deposit_methods: setting(
    false,
    z
      .array(
        z.object({
          id: z.string().regex(/^[a-z0-9_-]{1,30}$/),
          name: z.string().min(1).max(60),
          provider: z.enum(['sandbox', 'paystack']),
          min: moneyString,
          max: moneyString,
          enabled: z.boolean(),
        }),
      )
      .max(20),
    // A method is offered only while its provider is configured on the server.
    [
      { id: 'sandbox', name: 'Sandbox Pay', provider: 'sandbox', min: '10.00', max: '50000.00', enabled: true },
      { id: 'paystack', name: 'Paystack', provider: 'paystack', min: '10.00', max: '50000.00', enabled: true },
    ],
  ),
  deposit_expiry_minutes: setting(false, z.number().int().min(5).max(1440), 30),
  // Paystack's codes (GET /bank): a payout to a bank or operator without one fails before sending.
  banks: setting(false, z.array(payoutInstitution).max(200), [
    { name: 'Access Bank', code: '044' },
    { name: 'GTBank', code: '058' },
    { name: 'First Bank', code: '011' },
    { name: 'UBA', code: '033' },
    { name: 'Zenith Bank', code: '057' },
  ]),
  // Paystack pays mobile money in Ghana and Kenya only (codes such as MTN, VOD, ATL, MPESA).
  mobile_money_operators: setting(false, z.array(payoutInstitution).max(50), [
    { name: 'MTN', code: '' },
    { name: 'Airtel', code: '' },
    { name: 'Glo', code: '' },
    { name: '9mobile', code: '' },
  ]),

  // Team rank (docs/product.md#team-rank): how long a cycle runs and when a week starts, in the
  // platform's time zone; a change applies from the next cycle.
  team_rank_cycle: setting(false, z.enum(RANK_CYCLE_KINDS), 'week'),
  team_rank_week_start: setting(false, weekday, 1),
  // The prize of each rank, first place first, paid into the income wallet when the cycle is settled.
  team_rank_prizes: setting(false, z.array(rankPrize).max(100), ['100.00', '50.00', '30.00', '20.00', '10.00']),
  // The share of a member's purchase that counts as their team's points, for levels 1, 2 and 3.
  team_points_rates: setting(false, z.array(rate).length(3), ['1', '1', '1']),
  team_name_min_length: setting(true, z.number().int().min(1).max(TEAM_NAME_MAX), 2),
  team_name_max_length: setting(true, z.number().int().min(1).max(TEAM_NAME_MAX), 20),
  // Refused anywhere in a name, ignoring case, spaces and punctuation.
  team_name_bad_words: setting(false, z.array(z.string().trim().min(1).max(TEAM_NAME_MAX)).max(1000), [
    'admin',
    'official',
    'support',
    'customer service',
  ]),
  // Days between two renames of a team by its owner; 0 = any time. Naming it the first time is always open.
  team_name_change_days: setting(false, z.number().int().min(0).max(365), 7),

  // Comments on posts (docs/decisions.md): `pre` holds each one until an operator approves it,
  // `post` shows it at once and leaves hiding it to the operator.
  comment_moderation: setting(false, z.enum(MODERATION_MODES), 'pre'),
  // At most this many comments per user in any window of `comment_rate_window_seconds`.
  comment_rate_limit: setting(false, z.number().int().min(1).max(1000), 3),
  comment_rate_window_seconds: setting(false, z.number().int().min(1).max(86_400), 60),
};

export type ConfigKey = keyof typeof CONFIG;
export type ConfigValues = { [K in ConfigKey]: z.infer<(typeof CONFIG)[K]['schema']> };

export const CONFIG_KEYS = Object.keys(CONFIG) as ConfigKey[];
export const PUBLIC_CONFIG_KEYS = CONFIG_KEYS.filter((key) => CONFIG[key].public);

export const configDefaults = Object.fromEntries(
  CONFIG_KEYS.map((key) => [key, CONFIG[key].default]),
) as unknown as ConfigValues;

/** Partial update from the back office: each key validated by its own schema. */
export const configPatch = z
  .object(
    Object.fromEntries(CONFIG_KEYS.map((key) => [key, CONFIG[key].schema.optional()])) as {
      [K in ConfigKey]: z.ZodOptional<(typeof CONFIG)[K]['schema']>;
    },
  )
  .strict();

type PhoneRules = Pick<ConfigValues, 'phone_min_digits' | 'phone_min_digits_by_language'>;

/** The shortest phone number accepted from someone using `language`: its own rule, else `phone_min_digits`. */
export function phoneMinDigitsFor(cfg: PhoneRules, language: Language): number {
  return cfg.phone_min_digits_by_language[language] ?? cfg.phone_min_digits;
}

/** The shortest of every language's rule: an account made in one language signs in from any. */
export function lowestPhoneMinDigits(cfg: PhoneRules): number {
  return Math.min(cfg.phone_min_digits, ...Object.values(cfg.phone_min_digits_by_language));
}
