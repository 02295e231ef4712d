import {
  CONFIG,
  CONFIG_KEYS,
  type ConfigKey,
  type ConfigValues,
  configDefaults,
  PUBLIC_CONFIG_KEYS,
} from '@app/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { AppError } from '../../domain/errors.ts';
import { isPhoneCountry } from '../../domain/phone.ts';
import { isValidTimeZone } from '../../time.ts';
import { type Actor, recordAudit } from '../audit/service.ts';

const sqlExcludedValue = sql`excluded.value`;

/**
 * Values are wrapped in an object: the JSON driver mapping parses bare strings again, which
 * would turn a setting like "10.00" into the number 10.
 */
interface StoredValue {
  value: unknown;
}

/**
 * Configuration lives in the `settings` table, falling back to the defaults of the contracts.
 * Reads are cached briefly so a busy route does not query it every time; another instance sees an
 * operator's change within `cacheMs`.
 */
export class ConfigService {
  private cached: { values: ConfigValues; at: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cacheMs: number,
  ) {}

  async all(): Promise<ConfigValues> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < this.cacheMs) return this.cached.values;
    const rows = await this.db.select().from(settings);
    const values = { ...configDefaults } as Record<ConfigKey, unknown>;
    for (const row of rows) {
      if (!(CONFIG_KEYS as string[]).includes(row.key)) continue;
      const key = row.key as ConfigKey;
      const parsed = CONFIG[key].schema.safeParse((row.value as StoredValue | null)?.value);
      if (parsed.success) values[key] = parsed.data;
    }
    this.cached = { values: values as ConfigValues, at: now };
    return this.cached.values;
  }

  async get<K extends ConfigKey>(key: K): Promise<ConfigValues[K]> {
    return (await this.all())[key];
  }

  async publicValues(): Promise<Pick<ConfigValues, (typeof PUBLIC_CONFIG_KEYS)[number]>> {
    const values = await this.all();
    return Object.fromEntries(PUBLIC_CONFIG_KEYS.map((key) => [key, values[key]])) as ConfigValues;
  }

  /** Saves the given keys and writes one audit row with their values before and after. */
  async update(patch: Partial<ConfigValues>, actor: Actor): Promise<ConfigValues> {
    // The contract checks only the shape: whether the zone exists is the runtime's knowledge.
    if (patch.timezone !== undefined && !isValidTimeZone(patch.timezone)) {
      throw new AppError('CONFIG_INVALID', { key: 'timezone' });
    }
    if (patch.phone_default_country !== undefined && !isPhoneCountry(patch.phone_default_country)) {
      throw new AppError('CONFIG_INVALID', { key: 'phone_default_country' });
    }
    const keys = (Object.keys(patch) as ConfigKey[]).filter((key) => patch[key] !== undefined);
    if (keys.length === 0) return this.all();
    const before = await this.all();
    await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      await tx
        .insert(settings)
        .values(keys.map((key) => ({ key, value: { value: patch[key] } satisfies StoredValue, updatedAt: now })))
        .onConflictDoUpdate({ target: settings.key, set: { value: sqlExcludedValue, updatedAt: now } });
      await recordAudit(tx, actor, {
        action: 'config.update',
        target: keys.join(','),
        before: Object.fromEntries(keys.map((key) => [key, before[key]])),
        after: Object.fromEntries(keys.map((key) => [key, patch[key]])),
        at: now,
      });
    });
    this.cached = undefined;
    return this.all();
  }

  async reset(keys: ConfigKey[]): Promise<void> {
    await this.db.delete(settings).where(inArray(settings.key, keys));
    this.cached = undefined;
  }
}
