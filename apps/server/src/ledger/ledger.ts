import type { Db } from '../db/client.ts';
import { ensureHouseAccounts, type HouseKind, houseShard } from './accounts.ts';

/** Holds the ids of the house accounts, created once at start and never changed afterwards. */
export class Ledger {
  private houseIds: Map<string, number> | undefined;

  constructor(private readonly db: Db) {}

  async init(): Promise<void> {
    this.houseIds = await ensureHouseAccounts(this.db);
  }

  /** The shard of a house account that postings concerning `userId` use. */
  house(kind: HouseKind, userId: number): number {
    const id = this.houseIds?.get(`${kind}:${houseShard(userId)}`);
    if (id === undefined) throw new Error('Ledger.init() must run before postings');
    return id;
  }
}
