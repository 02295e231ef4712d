import { toMinor } from '@app/contracts';
import { AppError } from './errors.ts';

/** An amount as a user typed it, in minor units; one with more decimals than the currency has is refused. */
export function parseAmount(value: string, decimals: number): bigint {
  try {
    return toMinor(value, decimals);
  } catch {
    throw new AppError('AMOUNT_INVALID', { decimals });
  }
}
