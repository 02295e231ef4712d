import { type Address, EMAIL_PATTERN } from '@app/contracts';
import type { z } from 'zod';

/** The address form's values, every one a string as typed (email may stay empty). */
export interface AddressDraft {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  region: string;
  city: string;
  postalCode: string;
  detail: string;
  isDefault: boolean;
}

export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'region',
  'city',
  'postalCode',
  'detail',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const EMPTY_ADDRESS: AddressDraft = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  region: '',
  city: '',
  postalCode: '',
  detail: '',
  isDefault: false,
};

/** The form's values of a stored address. */
export function draftOf(address: Address): AddressDraft {
  const { firstName, lastName, phone, email, region, city, postalCode, detail, isDefault } = address;
  return { firstName, lastName, phone, email, region, city, postalCode, detail, isDefault };
}

/** What the server is sent: texts trimmed, an empty email left out. */
export function addressInput(draft: AddressDraft) {
  const email = draft.email.trim();
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    phone: draft.phone.trim(),
    ...(email ? { email } : {}),
    region: draft.region.trim(),
    city: draft.city.trim(),
    postalCode: draft.postalCode.trim(),
    detail: draft.detail.trim(),
    isDefault: draft.isDefault,
  };
}

/**
 * Every field the contract's schema refuses, with the error key of its first problem (the
 * contracts' issue messages are keys of ERRORS), so each message is shown under its own field.
 */
export function fieldProblems(schema: z.ZodType, values: unknown): Partial<Record<string, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const problems: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    problems[field] ??= issue.message;
  }
  return problems;
}

/**
 * The address's problems: the contract's, and an email that is given but is no address (the
 * contract takes any text there; the spec asks for a valid one).
 */
export function addressProblems(schema: z.ZodType, draft: AddressDraft): Partial<Record<string, string>> {
  const problems = fieldProblems(schema, addressInput(draft));
  const email = draft.email.trim();
  if (email && !problems.email && !EMAIL_PATTERN.test(email)) problems.email = 'EMAIL_INVALID';
  return problems;
}
