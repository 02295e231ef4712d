import { ERRORS, type ErrorKey, isErrorKey, type Language } from '@app/contracts';
import { type ErrorParams, type InputError, localize } from '../domain/errors.ts';

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

export function errorEnvelope(key: ErrorKey, lang: Language, params?: ErrorParams, data: unknown = null): Envelope {
  return { code: ERRORS[key].code, msg: localize(key, lang, params), data };
}

/** The first failed check decides the message: the one a user fixes first. */
export function inputErrorEnvelope(error: InputError, lang: Language): Envelope {
  const issue = error.issues[0];
  if (!issue) return errorEnvelope('INVALID_INPUT', lang, { field: '' });
  // The body (or query) as a whole is not an object: there is no field to name.
  if (issue.path.length === 0 && issue.code === 'invalid_type') return errorEnvelope('BAD_JSON', lang);
  const key: ErrorKey = isErrorKey(issue.message) ? issue.message : 'INVALID_INPUT';
  const field = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : String(issue.path[0] ?? '');
  const params: ErrorParams = { field };
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
    params[issue.code === 'too_small' ? 'min' : 'max'] = Number(bound);
  }
  return errorEnvelope(key, lang, params);
}
