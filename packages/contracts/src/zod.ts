import { config, z } from 'zod';

/**
 * Zod messages are error keys of ERRORS, so the server and both clients turn a failed check into
 * the same translated message. Schemas that name a key themselves take precedence over this map.
 * Every module of the contracts takes zod from here, so the map is set before any of their schemas
 * checks anything, in whichever bundle loads them; a bundle that loads none loads no zod.
 */
config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'FIELD_REQUIRED';
    if (issue.code === 'too_big' && issue.origin === 'string') return 'FIELD_TOO_LONG';
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'FIELD_REQUIRED';
    return 'INVALID_INPUT';
  },
});

export { z };
