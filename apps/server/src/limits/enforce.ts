import ipaddr from 'ipaddr.js';
import { AppError } from '../domain/errors.ts';
import type { RateLimiter } from './counters.ts';

/** At most `limit` attempts per fixed window of `windowSeconds`. */
export interface LimitRule {
  limit: number;
  windowSeconds: number;
}

/** Counts one attempt under `key` and refuses it (RATE_LIMITED) past the rule's limit. */
export async function enforceLimit(limiter: RateLimiter, key: string, rule: LimitRule): Promise<void> {
  const result = await limiter.hit(key, rule.limit, rule.windowSeconds);
  if (!result.allowed) throw new AppError('RATE_LIMITED', { seconds: result.retryAfterSeconds });
}

/**
 * The address a per-address limit counts under. An IPv6 client usually holds a whole /64 and can
 * pick a new address in it for every request, so IPv6 addresses count by their /64; an
 * IPv4-mapped address (`::ffff:1.2.3.4`, from a dual-stack socket) counts as the IPv4 address.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.IPv6.isValid(ip)) return ip;
  const address = ipaddr.IPv6.parse(ip);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${address.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

export interface SignInLimits {
  /** Every attempt from one address, whatever the account. */
  perIp: LimitRule;
  /**
   * Attempts at one account from one address, as tiers of growing windows: a guesser who keeps
   * going waits longer each time, while someone else signing in to that account is not held up.
   */
  perAccountFromIp: readonly LimitRule[];
  /**
   * Attempts at one account from every address together: a ceiling against guessing from many.
   * Past it the sign-in asks for a code sent to the account rather than refusing every attempt,
   * so guesses spread over many addresses cannot lock the owner out.
   */
  perAccount: LimitRule;
}

/**
 * Sign-in attempts, counted before the password is checked (so parallel guesses are counted as
 * they arrive, not after) and forgotten for the account once it signs in. `scope` keeps user and
 * back-office counters apart.
 */
export class SignInLimiter {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly scope: string,
    private readonly limits: SignInLimits,
  ) {}

  private pairKey(account: string, ip: string, tier: number): string {
    return `${this.scope}:pair${tier}:${account}|${clientKey(ip)}`;
  }

  /**
   * Counts an attempt at `account` from `ip`; refuses it when a per-address limit is reached.
   * Answers whether the account is past its ceiling (`codeRequired`): the caller then asks for a
   * code sent to the account instead of refusing.
   */
  async attempt(account: string, ip: string): Promise<{ codeRequired: boolean }> {
    const { limiter, scope, limits } = this;
    await enforceLimit(limiter, `${scope}:ip:${clientKey(ip)}`, limits.perIp);
    // Every tier counts the attempt, refused or not: a guesser who keeps trying moves up the tiers.
    const tiers = await Promise.all(
      limits.perAccountFromIp.map((rule, tier) =>
        limiter.hit(this.pairKey(account, ip, tier), rule.limit, rule.windowSeconds),
      ),
    );
    const refused = tiers.filter((result) => !result.allowed);
    if (refused.length > 0) {
      throw new AppError('RATE_LIMITED', { seconds: Math.max(...refused.map((result) => result.retryAfterSeconds)) });
    }
    const ceiling = await limiter.hit(
      `${scope}:account:${account}`,
      limits.perAccount.limit,
      limits.perAccount.windowSeconds,
    );
    return { codeRequired: !ceiling.allowed };
  }

  /** The account signed in from `ip`: its attempts no longer count there or in the ceiling. */
  async succeeded(account: string, ip: string): Promise<void> {
    await Promise.all([
      this.limiter.reset(`${this.scope}:account:${account}`),
      ...this.limits.perAccountFromIp.map((_rule, tier) => this.limiter.reset(this.pairKey(account, ip, tier))),
    ]);
  }
}
