import type { ErrorKey } from '@app/contracts';

/**
 * The letters codes are made of: no 0/O, 1/I/L, which read alike, so a code read aloud or copied
 * by hand arrives as it was. 31 symbols, 14 of them: about 69 bits, beyond guessing at any rate
 * the limits allow.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 14;
/** Characters of a code kept in the clear to tell stored codes apart. */
export const HINT_LENGTH = 4;

/** A code from CODE_LENGTH random indexes into CODE_ALPHABET. */
export function codeOf(indexes: number[]): string {
  return indexes.map((index) => CODE_ALPHABET[index]).join('');
}

/** A code as users may type it (lower case, spaces, dashes) to the form it was stored under. */
export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export function hintOf(code: string): string {
  return `…${code.slice(-HINT_LENGTH)}`;
}

/**
 * Why a redemption is refused, or null. Unknown, expired and used-up codes get one answer, so
 * trying codes tells nothing about which exist; only a user who already redeemed this code is
 * told so (they know it exists).
 */
export function redeemRefusal(attempt: {
  found: boolean;
  mine: boolean;
  expired: boolean;
  useTaken: boolean;
}): ErrorKey | null {
  if (!attempt.found) return 'REDEEM_CODE_INVALID';
  if (attempt.mine) return 'REDEEM_CODE_ALREADY_USED';
  if (attempt.expired || !attempt.useTaken) return 'REDEEM_CODE_INVALID';
  return null;
}
