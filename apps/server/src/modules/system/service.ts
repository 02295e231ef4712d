import type { AppConfig, appUpdate } from '@app/contracts';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { locationReports } from '../../db/schema.ts';
import type { RateLimiter } from '../../limits/counters.ts';
import { enforceLimit, type LimitRule } from '../../limits/enforce.ts';
import { zonedDates } from '../../time.ts';
import { type Deliverable, signUpKinds } from '../accounts/rules.ts';
import type { ConfigService } from '../config/service.ts';

/**
 * The web app reports once when the user agrees; a client calling in a loop is refused (each
 * report is a write, even though a day keeps one row).
 */
export const LOCATION_LIMIT: LimitRule = { limit: 10, windowSeconds: 3600 };

/** Compares dotted versions numerically ("1.0.10" is newer than "1.0.9"). */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export class SystemService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly deliverable: Deliverable,
    private readonly limiter: RateLimiter,
  ) {}

  async appConfig(): Promise<AppConfig> {
    return { ...(await this.config.publicValues()), account_kinds: signUpKinds(this.deliverable) };
  }

  async onlineService() {
    const { service_1, service_2, service_3 } = await this.config.all();
    return { service_1, service_2, service_3 };
  }

  /** `force` only applies to a client that is actually behind the latest version. */
  async appUpdate(clientVersion: string): Promise<z.infer<typeof appUpdate>> {
    const values = await this.config.all();
    const behind = compareVersions(clientVersion, values.app_version) < 0;
    return {
      latestVersion: values.app_version,
      versionCode: values.app_version_code,
      force: behind && values.app_update_force,
      url: values.app_update_url,
      notes: behind ? values.app_update_notes : '',
    };
  }

  /** One row per user and platform day: a later report of the day moves it to the latest position. */
  async reportLocation(userId: number, latitude: number, longitude: number): Promise<null> {
    await enforceLimit(this.limiter, `location:user:${userId}`, LOCATION_LIMIT);
    const { timezone } = await this.config.all();
    const now = this.clock.now();
    const day = zonedDates(now, timezone).today;
    await this.db
      .insert(locationReports)
      .values({ userId, latitude, longitude, day, createdAt: now })
      .onConflictDoUpdate({
        target: [locationReports.userId, locationReports.day],
        set: { latitude, longitude, createdAt: now },
      });
    return null;
  }
}
