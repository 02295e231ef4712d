import type { ErrorKey, Language } from '@app/contracts';
import {
  accountKind,
  checkAccount,
  errorKeyByCode,
  FIELD_NAMES,
  interpolate,
  isErrorKey,
  normalizeAccount,
} from '@app/contracts';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import i18n from '../i18n';

/** A problem a form shows: about one of its fields, or, without `field`, about the whole form. */
export interface FormProblem {
  field?: string;
  message: string;
}

/** A problem found by a check of one field. */
export interface FieldError extends FormProblem {
  field: string;
}

/**
 * A failed call as a form's problem: the API's message, about the field `fields` names for its
 * error (by key of ERRORS), else about the whole form; `fallback` when there is no message from
 * the API (a lost connection).
 */
export function refusalOf<F extends string>(
  error: unknown,
  fallback: string,
  fields: Partial<Record<ErrorKey, F>> = {},
): FormProblem {
  if (!(error instanceof ApiError) || !error.msg) return { message: fallback };
  const key = errorKeyByCode(error.code);
  return { field: key ? fields[key] : undefined, message: error.msg };
}

/** A verification code's refusals (wrong, expired or used, tried too often): about the form's code field. */
export const CODE_REFUSALS = {
  CODE_INVALID: 'code',
  CODE_EXPIRED: 'code',
  CODE_TOO_MANY_TRIES: 'code',
} as const satisfies Partial<Record<ErrorKey, 'code'>>;

/**
 * Turns an error key of ERRORS into its message in `language`, with {field} and {min} filled: the
 * messages are the language pack's (i18n/index.ts), loaded with the language, until a change of
 * language has loaded the new one.
 */
export function errorMessage(key: string, language: Language, field?: string, extra?: Record<string, string | number>) {
  if (!isErrorKey(key)) return key;
  const shown = i18n.hasResourceBundle(language, 'errors') ? language : (i18n.language as Language);
  const template = i18n.getResource(shown, 'errors', key) as string | undefined;
  if (template === undefined) return key;
  const fieldName = field ? (FIELD_NAMES[field]?.[shown] ?? field) : '';
  return interpolate(template, { field: fieldName, ...extra }, shown);
}

/**
 * Runs a contract schema on form values; returns the first problem as a translated message.
 * Zod issue messages in the contracts are keys of ERRORS.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
  language: Language,
): { ok: true; data: z.output<S> } | ({ ok: false } & FieldError) {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const min = 'minimum' in issue ? Number(issue.minimum) : undefined;
  return {
    ok: false,
    field,
    message: errorMessage(issue.message, language, field, min === undefined ? undefined : { min }),
  };
}

/**
 * Email / phone check of the account field (phone length from config `phone_min_digits`). Where
 * the server can send no SMS (`phoneAccepted` off), a phone is refused as the server would.
 */
export function validateAccount(
  account: string,
  phoneMinDigits: number,
  language: Language,
  phoneAccepted = true,
): FieldError | null {
  if (!account.trim()) return { field: 'account', message: errorMessage('FIELD_REQUIRED', language, 'account') };
  const key = checkAccount(account, phoneMinDigits);
  if (key) return { field: 'account', message: errorMessage(key, language, 'account', { min: phoneMinDigits }) };
  if (!phoneAccepted && accountKind(normalizeAccount(account)) === 'phone') {
    return { field: 'account', message: errorMessage('SMS_UNAVAILABLE', language) };
  }
  return null;
}

/** The server's refusals of the account typed for a code: about the form's account field. */
export const ACCOUNT_REFUSALS = {
  EMAIL_INVALID: 'account',
  PHONE_INVALID: 'account',
  PHONE_NUMBER_INVALID: 'account',
  SMS_UNAVAILABLE: 'account',
  EMAIL_UNAVAILABLE: 'account',
  SMS_COUNTRY_REFUSED: 'account',
} as const satisfies Partial<Record<ErrorKey, 'account'>>;
