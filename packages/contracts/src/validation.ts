import { z } from './zod.ts';

/**
 * The largest value of PostgreSQL's integer column. An integer input stored in one, or compared
 * with one (ids of integer-keyed tables, stock), stops here: past it the database would refuse the
 * statement. Zod's `.int()` already stops every integer at 2^53, where JSON numbers lose precision.
 */
export const INTEGER_COLUMN_MAX = 2_147_483_647;
/** A decimal string in major units, as every money field of the API carries it ("1200.00"). */
export const moneyString = z.string().regex(/^-?\d{1,15}(\.\d{1,8})?$/, { message: 'INVALID_INPUT' });
/** The id of a row of an integer-keyed table, in a JSON body. */
export const idField = z.number().int().positive().max(INTEGER_COLUMN_MAX);
/** The same in a query string or a path, where it arrives as text. */
export const idQueryField = z.coerce.number().int().positive().max(INTEGER_COLUMN_MAX);

/** An edit names at least one field: an empty one would be an UPDATE that sets nothing. */
export function someChange<T extends z.ZodObject>(edit: T): T {
  return edit.refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    message: 'NOTHING_TO_CHANGE',
  });
}

/** With the `u` flag, `\p{Cs}` matches only half of a UTF-16 surrogate pair, never a whole pair. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * NUL, which PostgreSQL's text and jsonb refuse, or half of a surrogate pair, which is no character
 * at all (stored, it would silently become U+FFFD).
 */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

interface InputNode {
  value: unknown;
  key?: PropertyKey;
  parent?: InputNode;
}

function pathOf(node: InputNode): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: InputNode | undefined = node; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Where a request part (body, query or path parameters) holds a string or key with an unstorable
 * character, if anywhere. A stack of its own rather than recursion: a body may nest deeper than
 * the call stack goes.
 */
function unstorableAt(input: unknown): PropertyKey[] | undefined {
  const stack: InputNode[] = [{ value: input }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value } = node;
    if (typeof value === 'string') {
      if (unstorable(value)) return pathOf(node);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (unstorable(key)) {
          return [...pathOf(node), key.replaceAll('\u0000', '\uFFFD').replace(/\p{Cs}/gu, '\uFFFD')];
        }
        stack.push({ value: item, key: Array.isArray(value) ? Number(key) : key, parent: node });
      }
    }
  }
  return undefined;
}

/**
 * Parses a request part with its endpoint's schema, then refuses text no column can store wherever
 * it is: every string of every endpoint, present and future, without each field's schema repeating
 * the check. Unknown keys the schema drops are searched too: they came in the same request.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.ZodSafeParseResult<z.output<S>> {
  const parsed = schema.safeParse(input);
  const path = parsed.success ? unstorableAt(input) : undefined;
  if (path === undefined) return parsed;
  return {
    success: false,
    error: new z.ZodError([{ code: 'custom', path, message: 'TEXT_UNSTORABLE', input }]) as z.ZodError<z.output<S>>,
  };
}

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

/** What a user signs up and signs in with. */
export const ACCOUNT_KINDS = ['email', 'phone'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The account is an email when it holds "@"; otherwise a phone number (digits, optional +). */
export function accountKind(account: string): AccountKind {
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
