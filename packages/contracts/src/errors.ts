import { en } from './errors/en.ts';
import { es } from './errors/es.ts';
import { fr } from './errors/fr.ts';
import { th } from './errors/th.ts';
import { vi } from './errors/vi.ts';
import { zh } from './errors/zh.ts';
import { LANGUAGES, type Language, type Translations } from './languages.ts';

/**
 * The code of every business error the API can answer. Keys double as zod issue messages in the
 * endpoint schemas, so a failed field check maps to its precise, translated message. A new error
 * is a line here and its message in each file of `errors/`: the compiler names any language that
 * lacks it.
 */
export const ERROR_CODES = {
  SESSION_MISSING: 300400,
  SESSION_UNKNOWN: 300401,
  SESSION_EXPIRED: 300402,
  SESSION_REVOKED: 300403,
  ACCOUNT_FROZEN: 300404,
  SESSION_ELSEWHERE: 300405,

  INVALID_INPUT: 400100,
  FIELD_REQUIRED: 400101,
  FIELD_TOO_LONG: 400102,
  EMAIL_INVALID: 400103,
  PHONE_INVALID: 400104,
  ACCOUNT_FORMAT: 400105,
  PASSWORDS_MISMATCH: 400106,
  PASSWORD_WEAK: 400107,
  AGREEMENT_REQUIRED: 400108,
  PAY_PASSWORD_FORMAT: 400109,
  CODE_FORMAT: 400110,
  PAY_PASSWORDS_MISMATCH: 400111,
  TEXT_UNSTORABLE: 400120,
  NOTHING_TO_CHANGE: 400121,
  BAD_JSON: 400112,
  IDEMPOTENCY_KEY_REQUIRED: 400113,

  CODE_COOLDOWN: 400200,
  CODE_INVALID: 400201,
  CODE_EXPIRED: 400202,
  CODE_TOO_MANY_TRIES: 400203,
  ACCOUNT_EXISTS: 400210,
  INVITE_CODE_INVALID: 400211,
  INVITE_CODE_REQUIRED: 400212,
  LOGIN_FAILED: 400213,
  OLD_PASSWORD_WRONG: 400214,
  ACCOUNT_NOT_FOUND: 400215,
  SAME_PASSWORD: 400216,
  OPERATOR_PASSWORD_WEAK: 410200,
  RATE_LIMITED: 400290,
  NOT_FOUND: 400404,

  ADMIN_LOGIN_FAILED: 410100,
  ADMIN_SESSION_INVALID: 410101,
  ADMIN_FORBIDDEN: 410102,
  USER_NOT_FOUND: 410103,
  CONFIG_INVALID: 410104,
  ADMIN_EXISTS: 410105,
  ADMIN_SELF_LOCKOUT: 410106,

  PRODUCT_AMOUNT_TOO_LARGE: 420200,
  PRODUCT_INCOME_TOO_LARGE: 420201,
  PRODUCT_TERMS_FORBIDDEN: 420202,
  PRODUCT_NOT_FOUND: 420100,
  PRODUCT_OFF_SALE: 420101,
  PRODUCT_NOT_STARTED: 420102,
  PRODUCT_EXPIRED: 420103,
  PURCHASE_LIMIT: 420104,
  OUT_OF_STOCK: 420105,
  INSUFFICIENT_BALANCE: 420106,
  INCOME_WALLET_NOT_ALLOWED: 420107,
  COLLECT_CLOSED: 420108,
  NOTHING_TO_COLLECT: 420109,
  HOLDING_NOT_FOUND: 420110,
  MACHINE_EXPIRED: 420111,
  IDEMPOTENCY_MISMATCH: 420112,
  AMOUNT_INVALID: 420113,
  ADJUST_BELOW_ZERO: 420114,

  DEPOSIT_METHOD_UNKNOWN: 430100,
  DEPOSIT_BELOW_MIN: 430101,
  DEPOSIT_ABOVE_MAX: 430102,
  DEPOSIT_NOT_FOUND: 430103,
  PAYOUT_ACCOUNT_NOT_FOUND: 430200,
  PAYOUT_ACCOUNT_PENDING: 430201,
  PAYOUT_ACCOUNT_REJECTED: 430202,
  ACCOUNT_NUMBER_INVALID: 430203,
  BANK_REQUIRED: 430204,
  OPERATOR_REQUIRED: 430205,
  PAY_PASSWORD_NOT_SET: 430300,
  PAY_PASSWORD_WRONG: 430301,
  PAY_PASSWORD_LOCKED: 430302,
  WITHDRAW_STEP: 430400,
  WITHDRAW_BELOW_MIN: 430401,
  WITHDRAW_ABOVE_MAX: 430402,
  WITHDRAW_DAILY_COUNT: 430403,
  WITHDRAW_CLOSED_DAY: 430404,
  WITHDRAW_CLOSED_HOURS: 430405,
  WITHDRAWAL_NOT_FOUND: 430406,
  WITHDRAWAL_STATE: 430407,
  PAYMENT_PROVIDER_UNAVAILABLE: 430600,
  PAYOUT_PROVIDER_MISSING: 430601,
  WEBHOOK_SIGNATURE: 430500,

  VIP_LEVEL_NOT_FOUND: 442100,
  VIP_LEVEL_NOT_FOR_SALE: 442101,
  VIP_LEVEL_REACHED: 442102,
  VIP_LEVEL_HELD: 442103,
  VIP_LEVEL_DUPLICATE: 442104,
  VIP_LEVEL_TERMS: 442105,

  TEAM_NAME_REQUIRED: 443100,
  TEAM_NAME_LENGTH: 443101,
  TEAM_NAME_FORBIDDEN: 443102,
  TEAM_NAME_TAKEN: 443103,
  TEAM_NAME_TOO_SOON: 443104,
  TEAM_NOT_FOUND: 443105,
  RANK_CYCLE_NOT_FOUND: 443200,
  RANK_CYCLE_NOT_ENDED: 443201,

  INTERNAL: 499999,
  BUSY: 490300,
  MAINTENANCE: 500000,
} as const;

export type ErrorKey = keyof typeof ERROR_CODES;

/** One language's message for every error, `{name}` marking a parameter. */
export type ErrorMessages = Readonly<Record<ErrorKey, string>>;

export const SUCCESS_CODE = 100000;
export const MAINTENANCE_CODE = ERROR_CODES.MAINTENANCE;
/** Reserved by the API for a future way of ending a session: no error answers it yet, clients already sign out on it. */
export const SESSION_RESERVED_CODE = 300406;
/** The codes on which a client wipes its session and goes to sign-in. */
export const SESSION_CODES: readonly number[] = [
  ERROR_CODES.SESSION_MISSING,
  ERROR_CODES.SESSION_UNKNOWN,
  ERROR_CODES.SESSION_EXPIRED,
  ERROR_CODES.SESSION_REVOKED,
  ERROR_CODES.ACCOUNT_FROZEN,
  ERROR_CODES.SESSION_ELSEWHERE,
  SESSION_RESERVED_CODE,
];

export function isSessionCode(code: number): boolean {
  return SESSION_CODES.includes(code);
}

const MESSAGES: Readonly<Record<Language, ErrorMessages>> = { en, es, fr, vi, th, zh };

/** Every business error with its code and its message in each language. */
export const ERRORS = Object.fromEntries(
  (Object.keys(ERROR_CODES) as ErrorKey[]).map((key) => [
    key,
    { code: ERROR_CODES[key], msg: Object.fromEntries(LANGUAGES.map((lang) => [lang, MESSAGES[lang][key]])) },
  ]),
) as { readonly [K in ErrorKey]: { readonly code: (typeof ERROR_CODES)[K]; readonly msg: Readonly<Translations> } };

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function errorKeyByCode(code: number): ErrorKey | undefined {
  return (Object.keys(ERROR_CODES) as ErrorKey[]).find((key) => ERROR_CODES[key] === code);
}
