import {
  type adminProduct,
  type Cycle,
  LANGUAGES,
  type Language,
  type ProductStatus,
  productInput,
} from '@app/contracts';
import type { z } from 'zod';
import { fieldName, issueText } from '../../api.ts';

export type AdminProduct = z.infer<typeof adminProduct>;
export type ProductInput = z.input<typeof productInput>;

/** What the product form edits; dates are ISO strings (the pickers convert). */
export interface ProductFormValues {
  name: Partial<Record<Language, string>>;
  description: Partial<Record<Language, string>>;
  image: string;
  price: string;
  cycle: Cycle;
  incomePerCycle: string;
  cycles: number | null;
  points: number | null;
  purchaseLimit: number | null;
  stockLimited: boolean;
  stock: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  principalReturned: boolean;
  /** On: users see it in the product list; Off: hidden. Null until the operator chooses (a new product). */
  status: ProductStatus | null;
  sort: number | null;
}

export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  image: 'Image',
  price: 'Price',
  cycle: 'Cycle',
  incomePerCycle: 'Income per cycle',
  cycles: 'Cycles',
  points: 'Points',
  purchaseLimit: 'Purchase limit',
  stock: 'Stock',
  saleStartsAt: 'Sale starts',
  saleEndsAt: 'Sale ends',
  principalReturned: 'Principal returned',
  status: 'Status',
  sort: 'Sort order',
};

export const CYCLE_LABELS: Record<Cycle, string> = { hour: 'Hourly', day: 'Daily', week: 'Weekly' };

export function emptyProductValues(nextSort = 0): ProductFormValues {
  return {
    name: Object.fromEntries(LANGUAGES.map((lang) => [lang, ''])),
    description: Object.fromEntries(LANGUAGES.map((lang) => [lang, ''])),
    image: '',
    price: '',
    cycle: 'day',
    incomePerCycle: '',
    cycles: null,
    points: 0,
    purchaseLimit: 0,
    stockLimited: false,
    stock: null,
    saleStartsAt: null,
    saleEndsAt: null,
    principalReturned: false,
    // Asked, not assumed: the operator says whether users see the new product.
    status: null,
    sort: nextSort,
  };
}

/** Form values of an existing product. The list reports stock *left*; the input takes the total (left + sold). */
export function productToValues(product: AdminProduct): ProductFormValues {
  return {
    name: Object.fromEntries(LANGUAGES.map((lang) => [lang, product.nameI18n[lang] ?? ''])),
    description: Object.fromEntries(LANGUAGES.map((lang) => [lang, product.descriptionI18n[lang] ?? ''])),
    image: product.image,
    price: product.price,
    cycle: product.cycle,
    incomePerCycle: product.incomePerCycle,
    cycles: product.cycles,
    points: product.points,
    purchaseLimit: product.purchaseLimit,
    stockLimited: product.stock !== null,
    stock: product.stock === null ? null : product.stock + product.sold,
    saleStartsAt: product.saleStartsAt,
    saleEndsAt: product.saleEndsAt,
    principalReturned: product.principalReturned,
    status: product.status,
    sort: product.sort,
  };
}

/** The request body for the form's values (every language sent, blank ones as ""). */
export function valuesToInput(values: ProductFormValues): ProductInput {
  const text = (map: Partial<Record<Language, string>> | undefined) =>
    Object.fromEntries(LANGUAGES.map((lang) => [lang, (map?.[lang] ?? '').trim()])) as Record<Language, string>;
  return {
    name: text(values.name),
    description: text(values.description),
    image: values.image.trim(),
    price: values.price.trim(),
    cycle: values.cycle,
    incomePerCycle: values.incomePerCycle.trim(),
    cycles: values.cycles ?? Number.NaN,
    points: values.points ?? 0,
    purchaseLimit: values.purchaseLimit ?? 0,
    stock: values.stockLimited ? (values.stock ?? Number.NaN) : null,
    saleStartsAt: values.saleStartsAt || null,
    saleEndsAt: values.saleEndsAt || null,
    principalReturned: values.principalReturned,
    status: values.status ?? undefined,
    sort: values.sort ?? 0,
  };
}

export interface FieldIssue {
  /** The form field path, e.g. ['name', 'en'] or ['price']. */
  name: (string | number)[];
  message: string;
}

/** Validates with the contract schema plus the checks the server makes across fields. */
export function validateProduct(input: ProductInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const result = productInput.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      const key = String(path[0] ?? '');
      const label = key === 'name' && path[1] ? `Name (${String(path[1]).toUpperCase()})` : FIELD_LABELS[key];
      let message = issueText(issue.message, label ?? fieldName(key));
      if (issue.code === 'invalid_type' && issue.expected === 'number')
        message = key === 'cycles' ? 'Enter the number of cycles.' : `Enter the ${(label ?? key).toLowerCase()}.`;
      else if (issue.code === 'too_small' && key === 'name') message = 'Enter the English name.';
      else if (issue.code === 'too_small' || issue.code === 'too_big') message = `${label ?? key}: ${issue.message}`;
      else if (key === 'price' || key === 'incomePerCycle')
        message = `Enter the ${label?.toLowerCase()} as a number such as 100 or 1.50.`;
      issues.push({ name: path, message });
    }
  }
  // The contract would default a missing status to Off; the form asks instead.
  if (input.status === undefined)
    issues.push({ name: ['status'], message: 'Choose On or Off: whether users can see this product.' });
  if (input.saleStartsAt && input.saleEndsAt && input.saleStartsAt >= input.saleEndsAt)
    issues.push({ name: ['saleEndsAt'], message: 'The sale must end after it starts.' });
  if (typeof input.price === 'string' && /^-/.test(input.price.trim()))
    issues.push({ name: ['price'], message: 'The price cannot be negative.' });
  if (typeof input.incomePerCycle === 'string' && /^-/.test(input.incomePerCycle.trim()))
    issues.push({ name: ['incomePerCycle'], message: 'Income per cycle cannot be negative.' });
  return issues;
}

/** What a saved product's message says: whether users can see it now. */
export function savedMessage(product: { status: ProductStatus }): string {
  return product.status === 'on'
    ? 'Saved. Users can see it in the product list.'
    : 'Saved, Off: users cannot see it until you turn it On.';
}

/** The form field a server message names ("stock is not valid." → stock), if any. */
export function fieldOfServerMessage(msg: string): string | undefined {
  const lower = msg.toLowerCase();
  return Object.keys(FIELD_LABELS)
    .sort((a, b) => b.length - a.length)
    .find(
      (key) => lower.startsWith(`${key.toLowerCase()} `) || lower.startsWith(`${FIELD_LABELS[key]!.toLowerCase()} `),
    );
}

/**
 * The PUT body: always the whole product. The contract's update input is `productInput.partial()`,
 * whose defaults fill every missing key (points 0, stock unlimited, status off…), so a partial body
 * would silently reset the fields it leaves out.
 */
export function updateBody(values: ProductFormValues): ProductInput {
  return valuesToInput(values);
}

/** The whole product as an update body, with `patch` applied (status switch, reordering). */
export function fullUpdate(product: AdminProduct, patch: Partial<ProductInput>): ProductInput {
  return { ...valuesToInput(productToValues(product)), ...patch };
}
