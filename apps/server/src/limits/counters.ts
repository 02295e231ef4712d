import { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Fixed-window counters: `hit` counts one attempt under `key` within `windowSeconds`. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { allowed: window.count <= limit, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Where the Redis limiter reports an outage and the end of it. */
export interface OutageLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Shared by every instance behind a load balancer. While Redis is unreachable, each instance
 * counts in its own memory (looser limits, each instance counting alone) rather than refusing
 * everyone's sign-in: one warning per outage, one line when Redis is back.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback: MemoryRateLimiter;
  private inOutage = false;

  constructor(
    private readonly redis: Redis,
    private readonly log: OutageLog,
    now: () => number = Date.now,
  ) {
    this.fallback = new MemoryRateLimiter(now);
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    return this.shared(
      () => this.hitShared(key, limit, windowSeconds),
      () => this.fallback.hit(key, limit, windowSeconds),
    );
  }

  async reset(key: string): Promise<void> {
    // The memory may hold counts from an outage that has ended.
    await this.fallback.reset(key);
    await this.shared(
      () => this.redis.del(`rl:${key}`),
      async () => 0,
    );
  }

  private async hitShared(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const redisKey = `rl:${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(redisKey).ttl(redisKey).exec()) as [
      [null, number],
      [null, number],
    ];
    if (ttl < 0) await this.redis.expire(redisKey, windowSeconds);
    return { allowed: count <= limit, retryAfterSeconds: ttl > 0 ? ttl : windowSeconds };
  }

  private async shared<T>(inRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    // Not connected: no command is sent (none would be queued either), the memory answers at once.
    if (this.redis.status === 'ready') {
      try {
        const result = await inRedis();
        if (this.inOutage) {
          this.inOutage = false;
          this.log.info({}, 'rate limits: Redis is reachable again; counting there again');
        }
        return result;
      } catch (error) {
        this.startOutage((error as Error).message);
      }
    } else {
      this.startOutage(`connection ${this.redis.status}`);
    }
    return inMemory();
  }

  private startOutage(reason: string): void {
    if (this.inOutage) return;
    this.inOutage = true;
    this.log.warn({ reason }, "rate limits: Redis is unreachable; counting in this instance's memory until it is back");
  }
}

/**
 * A Redis connection for rate limits that never makes a request wait for long: while Redis is
 * away a command fails at once (no offline queue) or after `commandTimeout`, and is not retried.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 500,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // The limiter reports an outage once; unhandled, ioredis prints every failed reconnection.
  redis.on('error', () => undefined);
  return redis;
}
