import type { Db } from '../db/client.ts';
import { ensureHouseAccounts, HOUSE_SHARDS, type HouseKind, houseShard } from './accounts.ts';

/** Holds the ids of the house accounts, created once at start and never changed afterwards. */
export class Ledger {
  private houseIds: Map<string, number> | undefined;

  constructor(private readonly db: Db) {}

  async init(): Promise<void> {
    this.houseIds = await ensureHouseAccounts(this.db);
  }

  /** The shard of a house account that postings concerning `userId` use. */
  house(kind: HouseKind, userId: number): number {
    return this.shard(kind, houseShard(userId));
  }

  /** Every shard of a house account, in shard order, for a statement that picks them itself (`houseAccountSql`). */
  shards(kind: HouseKind): number[] {
    return Array.from({ length: HOUSE_SHARDS }, (_, shard) => this.shard(kind, shard));
  }

  private shard(kind: HouseKind, shard: number): number {
    const id = this.houseIds?.get(`${kind}:${shard}`);
    if (id === undefined) throw new Error('Ledger.init() must run before postings');
    return id;
  }
}
