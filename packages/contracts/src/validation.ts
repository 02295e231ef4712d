import { z } from 'zod';

/**
 * Zod messages are error keys of ERRORS, so the server and both clients turn a failed check into
 * the same translated message. Schemas that name a key themselves take precedence over this map.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'FIELD_REQUIRED';
    if (issue.code === 'too_big' && issue.origin === 'string') return 'FIELD_TOO_LONG';
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'FIELD_REQUIRED';
    return 'INVALID_INPUT';
  },
});

export const accountField = z.string().trim().min(1).max(100);
export const passwordField = z.string().min(1).min(6, 'PASSWORD_WEAK').max(32, 'PASSWORD_WEAK');
export const codeField = z
  .string()
  .trim()
  .min(1)
  .regex(/^\d{6}$/, 'CODE_FORMAT');
export const payPasswordField = z
  .string()
  .min(1)
  .regex(/^\d{6}$/, 'PAY_PASSWORD_FORMAT');
export const inviteCodeField = z.string().trim().max(20);

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The account is an email when it holds "@"; otherwise a phone number (digits, optional +). */
export function accountKind(account: string): 'email' | 'phone' {
  return account.includes('@') ? 'email' : 'phone';
}

export function normalizeAccount(account: string): string {
  const trimmed = account.trim();
  return accountKind(trimmed) === 'email' ? trimmed.toLowerCase() : trimmed.replace(/[\s()-]/g, '');
}

/** Returns the error key for an account that is neither a valid email nor a long enough phone. */
export function checkAccount(
  account: string,
  phoneMinDigits: number,
): 'EMAIL_INVALID' | 'PHONE_INVALID' | 'ACCOUNT_FORMAT' | null {
  const normalized = normalizeAccount(account);
  if (accountKind(normalized) === 'email') return EMAIL_PATTERN.test(normalized) ? null : 'EMAIL_INVALID';
  if (!/^\+?\d+$/.test(normalized)) return 'ACCOUNT_FORMAT';
  const digits = normalized.replace('+', '').length;
  return digits < phoneMinDigits || digits > 15 ? 'PHONE_INVALID' : null;
}
