import { type EntryType, fromMinor, PROFIT_TYPES, type UserAccountKind } from '@app/contracts';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { journalEntries, journalLines, ledgerAccounts } from '../../db/schema.ts';
import { cursorId, pageOf } from '../../http/pagination.ts';
import type { ConfigService } from '../config/service.ts';

/** Which ledger lines make up each record list the user sees. */
export const RECORD_LISTS = {
  deposit: { kinds: ['deposit'], types: ['deposit', 'system_increase', 'system_decrease'] },
  profit: { kinds: ['uncollected', 'income'], types: [...PROFIT_TYPES] },
  withdraw: { kinds: ['income'], types: ['withdrawal', 'withdrawal_refund', 'withdrawal_fee'] },
  points: { kinds: ['points'], types: ['points_earned', 'points_spent'] },
} satisfies Record<string, { kinds: UserAccountKind[]; types: EntryType[] }>;

export class RecordService {
  constructor(
    private readonly db: Db,
    private readonly config: ConfigService,
  ) {}

  async list(
    userId: number,
    list: keyof typeof RECORD_LISTS,
    query: { cursor?: string; limit: number; type?: EntryType },
  ) {
    const { kinds, types } = RECORD_LISTS[list];
    const rows = await this.db
      .select({
        id: journalLines.id,
        type: journalEntries.type,
        amount: journalLines.amount,
        kind: ledgerAccounts.kind,
        memo: journalEntries.memo,
        createdAt: journalLines.createdAt,
      })
      .from(journalLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          inArray(ledgerAccounts.kind, kinds),
          inArray(journalEntries.type, query.type ? [query.type] : types),
          query.cursor ? lt(journalLines.id, cursorId(query.cursor)) : undefined,
        ),
      )
      .orderBy(desc(journalLines.id))
      .limit(query.limit + 1);
    const decimals = await this.config.get('app_currency_decimals');
    return pageOf(rows, query.limit, (row) => ({
      id: row.id,
      type: row.type as EntryType,
      amount: list === 'points' ? row.amount.toString() : fromMinor(row.amount, decimals),
      balanceKind: row.kind,
      memo: row.memo,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
