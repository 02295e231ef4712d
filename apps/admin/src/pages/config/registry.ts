import {
  CONFIG,
  CONFIG_KEYS,
  type ConfigKey,
  type ConfigValues,
  configDefaults,
  configPatch,
  moneyString,
} from '@app/contracts';
import { issueText } from '../../api.ts';

/** The configuration's query key: read by the shell (PlatformSettings) before any page loads. */
export const CONFIG_KEY = ['admin', 'config'] as const;

/** How one key is edited; decided by the key first, then by the schema type. */
export type FieldKind =
  | 'switch'
  | 'integer'
  | 'money'
  | 'rate'
  | 'text'
  | 'textarea'
  | 'url'
  | 'weekdays'
  | 'hours'
  | 'rates3'
  | 'languages'
  | 'timezone'
  | 'select'
  | 'weekday'
  | 'moneyList'
  | 'words'
  | 'json';

export interface FieldMeta {
  label: string;
  help?: string;
  kind?: FieldKind;
  /** What an empty list means (a `words` field). */
  placeholder?: string;
}

/** Labels and help; a key missing here gets a label made from its name. */
export const FIELD_META: Partial<Record<ConfigKey, FieldMeta>> = {
  app_name: { label: 'App name', help: 'Shown in the app header and messages.' },
  app_currency: { label: 'Currency symbol', help: 'Placed where each language puts a currency sign, e.g. $ or ₦.' },
  app_currency_decimals: { label: 'Currency decimals', help: 'Digits after the decimal point (0–4).' },
  languages: { label: 'Languages offered', help: 'At least one.', kind: 'languages' },
  phone_min_digits: {
    label: 'Minimum phone digits',
    help: 'Shortest phone number accepted for an account, an address or mobile money, unless the language has its own rule.',
  },
  phone_min_digits_by_language: {
    label: 'Minimum phone digits by language',
    help: 'A language’s own rule, e.g. {"es": 9} for the Spanish variant; other languages use the minimum above.',
    kind: 'json',
  },
  phone_default_country: {
    label: 'Default phone country',
    help: 'Two-letter country code (NG, GH, KE…) of numbers users type without + and a country code; every number is kept as +country code and number.',
  },
  sms_countries: {
    label: 'Countries that may receive SMS codes',
    help: 'Country calling codes without + (234 Nigeria, 233 Ghana…); a number elsewhere is refused before anything is sent. Empty: every country. Enter or comma adds one.',
    kind: 'words',
    placeholder: 'Every country',
  },
  sms_codes_per_country_hour: {
    label: 'SMS codes per country per hour',
    help: 'Past this, code requests to that country wait for the next hour: a cap on what SMS pumping can cost. Keep it near your real peak.',
  },
  recharge_min: { label: 'Minimum deposit', kind: 'money' },
  recharge_max: { label: 'Maximum deposit', kind: 'money' },
  withdraw_min: { label: 'Minimum withdrawal', kind: 'money' },
  withdraw_max: { label: 'Maximum withdrawal', kind: 'money' },
  withdraw_step: { label: 'Withdrawal step', help: 'Withdrawals must be a multiple of this.', kind: 'money' },
  withdraw_fee_rate: { label: 'Withdrawal fee rate', help: 'Between 0 and 1, e.g. 0.05 = 5 %.', kind: 'rate' },
  withdraw_daily_count: { label: 'Withdrawals per day', help: 'Per user; 0 = none allowed.' },
  withdraw_days: { label: 'Withdrawal days', kind: 'weekdays' },
  withdraw_hours: { label: 'Withdrawal hours', help: 'In the platform time zone.', kind: 'hours' },
  payout_account_approval: { label: 'Payout accounts need approval', help: 'New payout accounts wait for review.' },
  collect_days: {
    label: 'Collection days',
    help: 'Income accrues every day, whatever is chosen here; on these days users can collect it into their income balance.',
    kind: 'weekdays',
  },
  timezone: { label: 'Platform time zone', help: 'Days, hours and “today” follow this zone.', kind: 'timezone' },
  date_format: {
    label: 'Date format',
    help: 'How the app writes dates, in the platform time zone; “language” follows each user’s language.',
    kind: 'select',
  },
  invite_required: { label: 'Invite code required', help: 'Sign-up needs a valid invite code.' },
  referral_rates: { label: 'Referral rates (levels 1–3)', help: 'Each between 0 and 1.', kind: 'rates3' },
  single_device: { label: 'One device at a time', help: 'A new sign-in signs the user out elsewhere.' },
  session_idle_days: { label: 'Session idle days', help: 'Sign users out after this many idle days.' },
  service_1: { label: 'Service link 1', help: 'e.g. a Telegram link.', kind: 'url' },
  service_2: { label: 'Service link 2', help: 'e.g. a WhatsApp link.', kind: 'url' },
  service_3: { label: 'Service link 3', help: 'e.g. a mailto: link.', kind: 'url' },
  app_version: { label: 'Latest app version', help: 'e.g. 1.0.2' },
  app_version_code: { label: 'Latest version code', help: 'Clients with a lower code are offered the update.' },
  app_update_url: { label: 'Update download URL', kind: 'url' },
  app_update_force: { label: 'Force the update', help: 'Older clients must update before going on.' },
  app_update_notes: { label: 'Update notes', kind: 'textarea' },
  new_invite_bonus: { label: 'Invite bonus', help: 'Paid to the inviter for each new user.', kind: 'money' },
  repurchase_bonus_rate: { label: 'Repurchase bonus rate', help: 'Between 0 and 1.', kind: 'rate' },
  purchase_from_income: { label: 'Buy with income balance', help: 'Users may pay for products from income.' },
  vip_level_can_drop: {
    label: 'VIP levels can drop',
    help: 'Off: a level once reached is kept. On: it is lost when the totals no longer meet it.',
  },
  team_rank_cycle: { label: 'Cycle length', help: 'A change applies from the next cycle.', kind: 'select' },
  team_rank_week_start: {
    label: 'Weeks start on',
    help: 'For weekly cycles, at midnight in the platform time zone.',
    kind: 'weekday',
  },
  team_rank_prizes: {
    label: 'Prizes by rank',
    help: 'Paid into the winners’ income wallets when a cycle is settled; first place first.',
    kind: 'moneyList',
  },
  team_points_rates: {
    label: 'Team points (levels 1–3)',
    help: 'Share of a member’s purchase that counts for the team, per level; 1 = all of it.',
    kind: 'rates3',
  },
  team_name_min_length: { label: 'Shortest team name', help: 'In characters.' },
  team_name_max_length: { label: 'Longest team name', help: 'In characters.' },
  team_name_bad_words: {
    label: 'Words refused in team names',
    help: 'Refused anywhere in a name, ignoring case, spaces and punctuation. Enter or comma adds one.',
    kind: 'words',
  },
  team_name_change_days: { label: 'Days between renames', help: 'For the owner; 0 = any time.' },
  comment_moderation: {
    label: 'Comment moderation',
    help: 'pre: a comment waits for approval before others see it; post: shown at once, hidden if needed.',
    kind: 'select',
  },
  comment_rate_limit: { label: 'Comments per user per window', help: 'More in the window are refused.' },
  comment_rate_window_seconds: { label: 'Comment window (seconds)' },
  maintenance: { label: 'Maintenance mode' },
  app_maintain_time: { label: 'Message shown to users', help: 'e.g. “Back at 14:00 UTC”.' },
};

export interface Group {
  key: string;
  title: string;
  description?: string;
  keys: ConfigKey[];
}

export const MAINTENANCE_KEYS: ConfigKey[] = ['maintenance', 'app_maintain_time'];

const GROUPS_BASE: Group[] = [
  {
    key: 'display',
    title: 'Currency & display',
    keys: [
      'app_name',
      'app_currency',
      'app_currency_decimals',
      'languages',
      'phone_min_digits',
      'phone_min_digits_by_language',
    ],
  },
  {
    key: 'sms',
    title: 'Phone numbers & SMS codes',
    description:
      'Against SMS pumping (toll fraud): codes go only to the countries you serve, and only so many an hour.',
    keys: ['phone_default_country', 'sms_countries', 'sms_codes_per_country_hour'],
  },
  {
    key: 'money',
    title: 'Deposits & withdrawals',
    keys: [
      'recharge_min',
      'recharge_max',
      'withdraw_min',
      'withdraw_max',
      'withdraw_step',
      'withdraw_fee_rate',
      'withdraw_daily_count',
      'withdraw_days',
      'withdraw_hours',
      'payout_account_approval',
      'purchase_from_income',
    ],
  },
  { key: 'collection', title: 'Collection & time zone', keys: ['collect_days', 'timezone', 'date_format'] },
  {
    key: 'signup',
    title: 'Sign-up & sessions',
    keys: [
      'invite_required',
      'referral_rates',
      'new_invite_bonus',
      'repurchase_bonus_rate',
      'single_device',
      'session_idle_days',
    ],
  },
  {
    key: 'rank',
    title: 'Team rank',
    keys: [
      'team_rank_cycle',
      'team_rank_week_start',
      'team_rank_prizes',
      'team_points_rates',
      'team_name_min_length',
      'team_name_max_length',
      'team_name_bad_words',
      'team_name_change_days',
    ],
  },
  {
    key: 'comments',
    title: 'Comments',
    keys: ['comment_moderation', 'comment_rate_limit', 'comment_rate_window_seconds'],
  },
  { key: 'service', title: 'Customer service links', keys: ['service_1', 'service_2', 'service_3'] },
  {
    key: 'update',
    title: 'App update',
    keys: ['app_version', 'app_version_code', 'app_update_url', 'app_update_force', 'app_update_notes'],
  },
];

/** The groups of the form; keys the registry gains later land in "Other" until placed. */
export const GROUPS: Group[] = (() => {
  const known = new Set<string>(CONFIG_KEYS);
  const base = GROUPS_BASE.map((group) => ({ ...group, keys: group.keys.filter((key) => known.has(key)) }));
  const placed = new Set<ConfigKey>([...MAINTENANCE_KEYS, ...base.flatMap((group) => group.keys)]);
  const rest = CONFIG_KEYS.filter((key) => !placed.has(key));
  return rest.length > 0 ? [...base, { key: 'other', title: 'Other', keys: rest }] : base;
})();

/** The editor for a key: named in FIELD_META, else derived from the zod schema. */
export function fieldKind(key: ConfigKey): FieldKind {
  const named = FIELD_META[key]?.kind;
  if (named) return named;
  const schema = CONFIG[key].schema as unknown;
  if (schema === moneyString) return 'money';
  const type = (schema as { def?: { type?: string } }).def?.type;
  if (type === 'boolean') return 'switch';
  if (type === 'number') return 'integer';
  if (type === 'string') return key.endsWith('_rate') ? 'rate' : 'text';
  return 'json';
}

/** "new_invite_bonus" → "New invite bonus" for keys without a label yet. */
export function fieldLabel(key: ConfigKey): string {
  const label = FIELD_META[key]?.label;
  if (label) return label;
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Server values completed with the registry defaults for keys the server did not answer. A number
 * where the schema wants a string (e.g. a rate stored as 0.04) is read as its string form.
 */
export function withDefaults(values: Record<string, unknown> | undefined): ConfigValues {
  const merged: Record<string, unknown> = { ...configDefaults, ...(values ?? {}) };
  for (const key of CONFIG_KEYS) {
    const value = merged[key];
    if (typeof value === 'number' && !CONFIG[key].schema.safeParse(value).success) {
      const text = String(value);
      if (CONFIG[key].schema.safeParse(text).success) merged[key] = text;
    }
  }
  return merged as ConfigValues;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Keys of `draft` that differ from `original`, limited to `keys`. */
export function changedKeys(original: ConfigValues, draft: ConfigValues, keys: readonly ConfigKey[] = CONFIG_KEYS) {
  return keys.filter((key) => !same(original[key], draft[key]));
}

/** The PUT body: only the changed keys. */
export function buildPatch(original: ConfigValues, draft: ConfigValues, keys: readonly ConfigKey[] = CONFIG_KEYS) {
  return Object.fromEntries(
    changedKeys(original, draft, keys).map((key) => [key, draft[key]]),
  ) as Partial<ConfigValues>;
}

/** Field errors (key → message) of a patch, checked with the shared configPatch schema. */
export function validatePatch(patch: Partial<ConfigValues>): Partial<Record<ConfigKey, string>> {
  const parsed = configPatch.safeParse(patch);
  if (parsed.success) return {};
  const errors: Partial<Record<ConfigKey, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as ConfigKey;
    if (!errors[key]) errors[key] = issueText(issue.message, fieldLabel(key).toLowerCase());
  }
  return errors;
}

/** Cross-field checks that the single-key schemas cannot make. */
export function crossCheck(values: ConfigValues): Partial<Record<ConfigKey, string>> {
  const errors: Partial<Record<ConfigKey, string>> = {};
  const num = (value: string) => Number(value);
  if (num(values.recharge_min) > num(values.recharge_max))
    errors.recharge_max = 'Must not be below the minimum deposit.';
  if (num(values.withdraw_min) > num(values.withdraw_max))
    errors.withdraw_max = 'Must not be below the minimum withdrawal.';
  if (values.withdraw_hours.from >= values.withdraw_hours.to)
    errors.withdraw_hours = 'The end must be after the start.';
  if (values.team_name_min_length > values.team_name_max_length)
    errors.team_name_max_length = 'Must not be below the shortest team name.';
  return errors;
}

/** The keys a cross-field error is about: it blocks a save only when one of them was edited. */
export const CROSS_CHECKED: Partial<Record<ConfigKey, ConfigKey[]>> = {
  recharge_max: ['recharge_min', 'recharge_max'],
  withdraw_max: ['withdraw_min', 'withdraw_max'],
  team_name_max_length: ['team_name_min_length', 'team_name_max_length'],
};

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0].map((day) => ({
  value: day,
  // 2023-01-01 was a Sunday (day 0)
  label: new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  ),
}));
