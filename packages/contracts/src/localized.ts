import { LANGUAGES } from './languages.ts';
import { z } from './zod.ts';

/** A text in each language, as operators write product, level, prize and coupon names. */
export const localized = z.object(
  Object.fromEntries(LANGUAGES.map((lang) => [lang, z.string().max(2000)])) as Record<
    (typeof LANGUAGES)[number],
    z.ZodString
  >,
);
