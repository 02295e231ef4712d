import type { EndpointOf, Route } from './route.ts';
import { INTEGER_COLUMN_MAX } from './validation.ts';
import { z } from './zod.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call: anyone, a signed-in user, a back-office admin, or only with TEST_MODE=1. */
export type Access = 'public' | 'user' | 'admin' | 'test';
export const ADMIN_ROLES = ['owner', 'finance', 'support', 'content'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export interface Endpoint<
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Access = Access,
  Idempotent extends boolean = boolean,
  File extends boolean = boolean,
> {
  method: Method;
  /** Relative to the API base (/api/v1 or /admin/api/v1); `:name` segments come from `params`. */
  path: string;
  access: A;
  summary: string;
  /** GET and DELETE read it from the query string, other methods from the JSON body. */
  input: Input;
  output: Output;
  params?: Params;
  /** Back-office roles allowed besides `owner`; absent means every admin role. */
  roles?: readonly AdminRole[];
  /** Public, but personalised when a valid token comes along (e.g. what this user bought). */
  viewer?: boolean;
  /**
   * A money-moving POST: it requires an Idempotency-Key header (`idempotency.ts`), and the same key
   * from the same caller answers the first result again without moving money twice.
   */
  idempotent?: Idempotent;
  /**
   * The body is multipart: text fields, then one file part that the handler reads itself
   * (`ctx.file()`), so that it can refuse the caller before the bytes arrive.
   */
  file?: File;
}

export function endpoint<
  I extends z.ZodType,
  O extends z.ZodType,
  A extends Access,
  P extends z.ZodType | undefined = undefined,
  Idempotent extends boolean = false,
  File extends boolean = false,
>(def: Endpoint<I, O, P, A, Idempotent, File>): Endpoint<I, O, P, A, Idempotent, File> {
  return def;
}

/** Whether an endpoint is declared `idempotent`, as a type: its callers must then name their action's key. */
export type IsIdempotent<E extends Route> = EndpointOf<E>['idempotent'] extends false | undefined ? false : true;

/** An endpoint's input, or that of a route's endpoint; the same for its output. */
export type InputOf<E extends Route> = z.input<EndpointOf<E>['input']>;
export type ParsedInputOf<E extends Endpoint> = z.output<E['input']>;
export type OutputOf<E extends Route> = z.output<EndpointOf<E>['output']>;
export type ParamsOf<E extends Endpoint> =
  NonNullable<E['params']> extends z.ZodType ? z.output<NonNullable<E['params']>> : undefined;

export const noInput = z.object({});
export const empty = z.null();

export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * A page of a table keyed by an integer column (users, outbox, payout accounts): its cursor, the
 * last id seen, stops where the column does.
 */
export const integerKeyedPageQuery = pageQuery.extend({
  cursor: z
    .string()
    .regex(/^\d{1,10}$/)
    .refine((cursor) => Number(cursor) <= INTEGER_COLUMN_MAX)
    .optional(),
});

export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data.nullable() });
}
