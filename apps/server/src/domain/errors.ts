import { ERRORS, type ErrorKey, FIELD_NAMES, interpolate, type Language } from '@app/contracts';
import type { core } from 'zod';

export type ErrorParams = Record<string, string | number>;

/** A business refusal: answered as the envelope with the key's code and translated message. */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: ErrorParams = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** Input that failed its contract schema. */
export class InputError extends Error {
  constructor(readonly issues: core.$ZodIssue[]) {
    super('invalid input');
    this.name = 'InputError';
  }
}

/** The key's message in `lang`, a field named by its translated name. */
export function localize(key: ErrorKey, lang: Language, params: ErrorParams = {}): string {
  const field = typeof params.field === 'string' ? (FIELD_NAMES[params.field]?.[lang] ?? params.field) : undefined;
  return interpolate(ERRORS[key].msg[lang], field === undefined ? params : { ...params, field }, lang);
}
