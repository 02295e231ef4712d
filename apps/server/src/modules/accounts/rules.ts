import {
  type AccountKind,
  accountKind,
  type CodePurpose,
  checkAccount,
  type MessageChannel,
  normalizeAccount,
} from '@app/contracts';
import { AppError } from '../../domain/errors.ts';
import { toE164 } from '../../domain/phone.ts';

/** An account as it is stored and compared: an email in lower case, a phone number in E.164. */
export interface Account {
  account: string;
  kind: AccountKind;
  /** A phone's country calling code ("234"). */
  callingCode?: string;
}

export interface AccountRules {
  /** The shortest phone number accepted, as typed, in the caller's language. */
  phoneMinDigits: number;
  /** The country of a number typed without + (`phone_default_country`). */
  defaultCountry: string;
}

/**
 * The account a user typed to sign up, reset or get a code, or the reason it is refused: a bad
 * email, a phone shorter than the language's rule, or a number no country uses.
 */
export function accountOf(typed: string, rules: AccountRules): Account {
  const problem = checkAccount(typed, rules.phoneMinDigits);
  if (problem) throw new AppError(problem, { min: rules.phoneMinDigits });
  const normalized = normalizeAccount(typed);
  if (accountKind(normalized) === 'email') return { account: normalized, kind: 'email' };
  const phone = toE164(normalized, rules.defaultCountry);
  if (!phone) throw new AppError('PHONE_NUMBER_INVALID');
  return { account: phone.number, kind: 'phone', callingCode: phone.callingCode };
}

/**
 * The account a sign-in names: as `accountOf` stores it, without refusing anything (an account
 * that cannot exist simply matches none, and says no more than a wrong password).
 */
export function signInAccount(typed: string, defaultCountry: string): string {
  const normalized = normalizeAccount(typed);
  if (accountKind(normalized) === 'email') return normalized;
  return toE164(normalized, defaultCountry)?.number ?? normalized;
}

/**
 * What an operator's search of the users matches: the text anywhere in an account, nickname or
 * invite code; the account it names as sign-in reads it (a phone typed the national way, with
 * spaces); and a user ID typed as a number or as "#12".
 */
export function userSearch(q: string, defaultCountry: string): { text: string; account: string; id?: number } {
  const digits = /^#?(\d{1,9})$/.exec(q)?.[1];
  const id = digits === undefined ? undefined : Number(digits);
  return { text: q, account: signInAccount(q, defaultCountry), ...(id && id > 0 ? { id } : {}) };
}

/** An account as stored (`accountOf`'s), with what `codeChannel` needs to know of it. */
export function storedAccount(account: string): Account {
  if (accountKind(account) === 'email') return { account, kind: 'email' };
  return { account, kind: 'phone', callingCode: toE164(account, '')?.callingCode };
}

/** Which channels this server can bring a code through: a provider, or the trial's outbox. */
export type Deliverable = Record<MessageChannel, boolean>;

/**
 * The channel a code for `account` goes by, or why none can take it: no provider for its channel
 * (a server deployment never takes a code it cannot deliver), or a number in a country that may
 * not receive SMS codes (`sms_countries`, empty: all).
 */
export function codeChannel(
  account: Account,
  deliverable: Deliverable,
  smsCountries: readonly string[],
): MessageChannel {
  if (account.kind === 'email') {
    if (!deliverable.email) throw new AppError('EMAIL_UNAVAILABLE');
    return 'email';
  }
  if (!deliverable.sms) throw new AppError('SMS_UNAVAILABLE');
  if (smsCountries.length > 0 && !smsCountries.includes(account.callingCode ?? '')) {
    throw new AppError('SMS_COUNTRY_REFUSED');
  }
  return 'sms';
}

/** The kinds of account a user may sign up with here: a phone only where SMS can be delivered. */
export function signUpKinds(deliverable: Deliverable): AccountKind[] {
  return [...(deliverable.email ? ['email' as const] : []), ...(deliverable.sms ? ['phone' as const] : [])];
}

/**
 * What a code request sends: the code; the notice to an account's owner that someone tried to sign
 * up with it (`accountTaken`: no code, so that sign-up cannot succeed); or nothing, for a code
 * about an account nobody registered.
 */
export type CodeDelivery = 'code' | 'accountTaken' | 'nothing';

/**
 * What a code request for `purpose` sends to an account that is, or is not, `registered`. The
 * request is answered alike either way, so the answer does not tell whether the account exists:
 * only its owner learns it, by the message (docs/product.md#accounts-and-sessions).
 */
export function codeDelivery(purpose: CodePurpose, registered: boolean): CodeDelivery {
  if (purpose === 'register') return registered ? 'accountTaken' : 'code';
  return registered ? 'code' : 'nothing';
}
