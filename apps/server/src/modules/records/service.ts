import { type EntryType, type Language, PROFIT_TYPES, type UserAccountKind } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { userLines } from '../../ledger/balances.ts';
import type { ConfigService } from '../config/service.ts';
import type { StatementService } from '../statement/service.ts';
import { maskAccount } from '../team/rules.ts';

/**
 * Which ledger lines make up each record list the user sees. An operator's increase or decrease
 * is listed with the wallet it changed, so every movement of a balance is in some list, with
 * its reason in the memo.
 */
export const RECORD_LISTS = {
  deposit: { kinds: ['deposit'], types: ['deposit', 'system_increase', 'system_decrease'] },
  profit: { kinds: ['uncollected', 'income'], types: [...PROFIT_TYPES, 'system_increase', 'system_decrease'] },
  withdraw: { kinds: ['income'], types: ['withdrawal', 'withdrawal_refund', 'withdrawal_fee'] },
  points: { kinds: ['points'], types: ['points_earned', 'points_spent', 'system_increase', 'system_decrease'] },
} satisfies Record<string, { kinds: UserAccountKind[]; types: EntryType[] }>;

export class RecordService {
  constructor(
    private readonly db: Db,
    private readonly config: ConfigService,
    private readonly statement: Pick<StatementService, 'sources'>,
  ) {}

  async list(
    userId: number,
    list: keyof typeof RECORD_LISTS,
    query: { cursor?: string; limit: number; type?: EntryType },
    lang: Language,
  ) {
    const { kinds, types } = RECORD_LISTS[list];
    const { app_currency_decimals: decimals, app_currency: currency } = await this.config.all();
    const page = await userLines(this.db, userId, decimals, {
      ...query,
      kinds,
      types: query.type ? [query.type] : types,
    });
    const sources = await this.statement.sources(page.items, { lang, decimals, currency });
    return {
      items: page.items.map((line) => ({
        id: line.id,
        type: line.type,
        amount: line.amount,
        balanceKind: line.account,
        memo: line.memo,
        source: sources.get(line.id) ?? '',
        member: line.memberAccount === null ? null : maskAccount(line.memberAccount),
        createdAt: line.createdAt,
      })),
      nextCursor: page.nextCursor,
    };
  }
}
