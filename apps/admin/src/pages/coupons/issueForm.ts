import { ERRORS, expiryAhead } from '@app/contracts';
import type { z } from 'zod';
import { issueText } from '../../api.ts';

/**
 * What is wrong with an expiry (an ISO moment) chosen for coupons or codes, said before sending:
 * none chosen (`missing`), or already passed (the server's refusal, by the same rule).
 */
export function expiryIssue(expiresAt: string | null, missing: string, now: Date): string | undefined {
  if (!expiresAt) return missing;
  return expiryAhead(expiresAt, now) ? undefined : ERRORS.EXPIRY_PASSED.msg.en;
}

/**
 * Someone coupons are issued to: a user picked from the search (their ID, with how the list named
 * them), or what the operator typed: an ID, or an account (an email or phone as users type it,
 * which the server reads as sign-in does).
 */
export type Recipient =
  | { kind: 'user'; id: number; label: string }
  | { kind: 'id'; id: number }
  | { kind: 'account'; account: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** A phone as users type it: digits with spaces, dashes, dots or brackets, perhaps a leading +. */
const PHONE = /^\+?[\d\s().-]+$/;
/** An ID: up to 9 digits, not starting with 0, perhaps "#12" as on the users screen. */
const ID = /^#?([1-9]\d{0,8})$/;

/**
 * What an operator types or pastes into the recipients, separated by commas, semicolons or new
 * lines: IDs ("12", "#12"), emails and phones (a long number, or one starting with 0 or +, is a
 * phone), each once in the order given. Anything else is reported, not dropped.
 */
export function parseTyped(text: string): { recipients: Recipient[]; invalid: string[] } {
  const recipients: Recipient[] = [];
  const invalid: string[] = [];
  for (const token of text
    .split(/[,;\n]+/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const id = ID.exec(token)?.[1];
    const digits = token.replace(/\D/g, '').length;
    const found: Recipient | undefined =
      id !== undefined
        ? { kind: 'id', id: Number(id) }
        : EMAIL.test(token) || (PHONE.test(token) && digits >= 7)
          ? { kind: 'account', account: token }
          : undefined;
    if (!found) invalid.push(token);
    else if (!recipients.some((held) => recipientKey(held) === recipientKey(found))) recipients.push(found);
  }
  return { recipients, invalid };
}

/** The key of a recipient in the picker: one per user ID, one per account as typed. */
export function recipientKey(recipient: Recipient): string {
  return recipient.kind === 'account' ? `account:${recipient.account.toLowerCase()}` : `id:${recipient.id}`;
}

/** How the picker's tag names a recipient. */
export function recipientLabel(recipient: Recipient): string {
  if (recipient.kind === 'user') return `${recipient.label} (#${recipient.id})`;
  return recipient.kind === 'id' ? `#${recipient.id}` : recipient.account;
}

/** `recipients` with `more` added, each user or account once (a picked user and their typed ID are one). */
export function addRecipients(recipients: readonly Recipient[], more: readonly Recipient[]): Recipient[] {
  const next = [...recipients];
  for (const recipient of more) {
    if (!next.some((held) => recipientKey(held) === recipientKey(recipient))) next.push(recipient);
  }
  return next;
}

/** The recipients as the issue endpoint takes them: IDs (picked or typed) and typed accounts. */
export function recipientsInput(recipients: readonly Recipient[]): { userIds: number[]; accounts: string[] } {
  return {
    userIds: recipients.flatMap((recipient) => (recipient.kind === 'account' ? [] : [recipient.id])),
    accounts: recipients.flatMap((recipient) => (recipient.kind === 'account' ? [recipient.account] : [])),
  };
}

/**
 * The contract's refusals of a form's input, one readable message per field (its dotted path,
 * "reward.amount"), for the antd form items; `labels` name the fields in the messages.
 */
export function formIssues(schema: z.ZodType, input: unknown, labels: Record<string, string>): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const issues: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    issues[path] ??= issueText(issue.message, labels[path] ?? path);
  }
  return issues;
}
