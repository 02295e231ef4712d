import { isIP } from 'node:net';
import { z } from 'zod';

/** Names proxy-addr (Fastify's `trustProxy`) understands for the usual private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: the proxies allowed to tell the client's address in `X-Forwarded-For`, as their
 * addresses or CIDR ranges, comma-separated (Fastify's `trustProxy`). Unset, none: the address is
 * the socket's, so a forged header can neither dodge a per-address limit nor write a false address
 * into the audit log. A bare hop count is refused: it cannot tell a proxy from a client who reached
 * the server directly (Fastify itself ignores one).
 */
export const trustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): false | string[] => {
    const entries = (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 0) return false;
    const wrong = entries.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected the proxies' addresses or CIDR ranges, comma-separated (not a hop count); not: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });
