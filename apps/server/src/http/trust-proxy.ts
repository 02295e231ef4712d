import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** Names proxy-addr (Fastify's `trustProxy`) understands for the usual private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Read by the parser of Fastify's proxy-addr, but IPv4 only in its four-part form: the parser
 * also takes `1` as 0.0.0.1, which here would be a hop count misread as an address.
 */
function isAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

function isAddressOrRange(entry: string): boolean {
  const [address = ''] = entry.split('/');
  return NAMED_RANGES.has(entry) || (isAddress(address) && (address === entry || ipaddr.isValidCIDR(entry)));
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
