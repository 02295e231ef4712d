import type { Language } from '@app/contracts';
import { checkAccount, FIELD_NAMES, interpolate, isErrorKey } from '@app/contracts';
import type { z } from 'zod';
import i18n from '../i18n';

export interface FieldError {
  field: string;
  message: string;
}

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

/** Email / phone check of the account field (phone length from config `phone_min_digits`). */
export function validateAccount(account: string, phoneMinDigits: number, language: Language): FieldError | null {
  if (!account.trim()) return { field: 'account', message: errorMessage('FIELD_REQUIRED', language, 'account') };
  const key = checkAccount(account, phoneMinDigits);
  if (!key) return null;
  return { field: 'account', message: errorMessage(key, language, 'account', { min: phoneMinDigits }) };
}
