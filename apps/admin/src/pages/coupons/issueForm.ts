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
 * User IDs as an operator pastes them: separated by commas, spaces or new lines, "#12" as on the
 * users screen. Each ID once, in the order given; anything else is reported, not dropped.
 */
export function parseUserIds(text: string): { ids: number[]; invalid: string[] } {
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    const digits = token.replace(/^#/, '');
    const id = /^\d{1,10}$/.test(digits) ? Number(digits) : Number.NaN;
    if (Number.isSafeInteger(id) && id > 0) {
      if (!ids.includes(id)) ids.push(id);
    } else invalid.push(token);
  }
  return { ids, invalid };
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
