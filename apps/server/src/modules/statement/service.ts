import type { EntryType, Language, StatementWallet } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { pageOf } from '../../domain/paging.ts';
import { laterDay, zonedMoment } from '../../time.ts';
import type { ConfigService } from '../config/service.ts';
import { presentStatementLine } from './presenter.ts';
import { references, walletLines } from './repository.ts';
import { type EntryRef, type SourceContext, sourceOf } from './rules.ts';

export interface StatementQuery {
  wallet: StatementWallet;
  cursor?: string;
  limit: number;
  kind?: EntryType;
  /** Days of the platform's time zone, both included. */
  from?: string;
  to?: string;
}

/**
 * A wallet's statement: every ledger line of it, newest first, each with what moved it and the
 * balance right after it (`journal_lines.balance_after`), so the statement adds up to the balance
 * because it is the ledger.
 */
export class StatementService {
  constructor(
    private readonly db: Db,
    private readonly config: ConfigService,
  ) {}

  async page(userId: number, query: StatementQuery, lang: Language) {
    const { app_currency_decimals: decimals, app_currency: currency, timezone } = await this.config.all();
    const lines = await walletLines(this.db, userId, query.wallet, {
      cursor: query.cursor,
      limit: query.limit,
      type: query.kind,
      from: query.from ? zonedMoment(query.from, '00:00', timezone) : undefined,
      to: query.to ? zonedMoment(laterDay(query.to, 1).day, '00:00', timezone) : undefined,
    });
    const sources = await this.sources(lines.slice(0, query.limit), { lang, decimals, currency });
    const figures = { decimals: query.wallet === 'points' ? 0 : decimals };
    return pageOf(lines, query.limit, (line) => presentStatementLine(line, sources.get(line.id) ?? null, figures));
  }

  /** What moved each line, read for all of them at once: the lines of a page and those of a record list. */
  async sources(lines: EntryRef[], context: SourceContext): Promise<Map<number, string | null>> {
    const refs = await references(this.db, lines);
    return new Map(lines.map((line) => [line.id, sourceOf(line, refs, context)]));
  }
}
