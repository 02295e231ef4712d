import type { EntryType } from '@app/contracts';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accruals,
  drawCampaigns,
  drawRecords,
  events,
  holdings,
  journalEntries,
  journalLines,
  ledgerAccounts,
  orders,
  products,
  redeemCodes,
  redemptions,
  users,
  vipLevels,
  withdrawals,
} from '../../db/schema.ts';
import { cursorId } from '../../domain/paging.ts';
import type { EntryRef, References, WalletLine } from './rules.ts';

/**
 * A page of the lines of the user's wallet of `kind`, newest first, by the account's own index
 * (`journal_lines_account_idx`): however long the history, a page reads its own lines.
 */
export async function walletLines(
  db: Db,
  userId: number,
  kind: string,
  query: { cursor?: string; limit: number; type?: EntryType; from?: Date; to?: Date },
): Promise<WalletLine[]> {
  const account = db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)));
  const rows = await db
    .select({
      id: journalLines.id,
      amount: journalLines.amount,
      balanceAfter: journalLines.balanceAfter,
      createdAt: journalLines.createdAt,
      entryId: journalEntries.id,
      type: journalEntries.type,
      refType: journalEntries.refType,
      refId: journalEntries.refId,
      memo: journalEntries.memo,
      memberId: journalEntries.memberId,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(journalLines.accountId, sql`(${account})`),
        query.type ? eq(journalEntries.type, query.type) : undefined,
        query.cursor ? lt(journalLines.id, cursorId(query.cursor)) : undefined,
        query.from ? gte(journalLines.createdAt, query.from) : undefined,
        query.to ? lt(journalLines.createdAt, query.to) : undefined,
      ),
    )
    .orderBy(desc(journalLines.id))
    .limit(query.limit + 1);
  return rows.map((row) => ({ ...row, type: row.type as EntryType }));
}

const ids = (values: (string | null)[]) =>
  [...new Set(values.filter((value): value is string => value !== null && /^\d+$/.test(value)))].map(Number);

export async function references(db: Db, lines: EntryRef[]): Promise<References> {
  const by = (refType: string) => ids(lines.filter((line) => line.refType === refType).map((line) => line.refId));
  const orderIds = by('order');
  const holdingIds = by('holding');
  const accrualEntries = [...new Set(lines.filter((line) => line.refType === 'accrual').map((line) => line.entryId))];
  const withdrawalIds = by('withdrawal');
  const levelIds = by('vip_level');
  const redemptionIds = by('redemption');
  const drawIds = by('draw');
  const eventIds = by('event');
  const memberIds = [...new Set(lines.flatMap((line) => (line.memberId === null ? [] : [line.memberId])))];
  const none = Promise.resolve([]);
  const [orderRows, holdingRows, accrualRows, withdrawalRows, levelRows, codeRows, drawRows, eventRows, memberRows] =
    await Promise.all([
      orderIds.length
        ? db
            .select({
              id: orders.id,
              orderNo: orders.orderNo,
              amount: orders.amount,
              discount: orders.discount,
              product: products.name,
            })
            .from(orders)
            .innerJoin(products, eq(products.id, orders.productId))
            .where(inArray(orders.id, orderIds))
        : none,
      holdingIds.length
        ? db
            .select({ id: holdings.id, product: products.name })
            .from(holdings)
            .innerJoin(products, eq(products.id, holdings.productId))
            .where(inArray(holdings.id, holdingIds))
        : none,
      accrualEntries.length
        ? db
            .select({
              entryId: accruals.entryId,
              machines: sql<number>`count(distinct ${accruals.holdingId})::int`,
              product: sql<Record<string, string>>`(array_agg(${products.name}))[1]`,
            })
            .from(accruals)
            .innerJoin(holdings, eq(holdings.id, accruals.holdingId))
            .innerJoin(products, eq(products.id, holdings.productId))
            .where(inArray(accruals.entryId, accrualEntries))
            .groupBy(accruals.entryId)
        : none,
      withdrawalIds.length
        ? db
            .select({
              id: withdrawals.id,
              orderNo: withdrawals.orderNo,
              accountNumber: withdrawals.accountNumber,
              bankName: withdrawals.bankName,
              reason: withdrawals.reason,
            })
            .from(withdrawals)
            .where(inArray(withdrawals.id, withdrawalIds))
        : none,
      levelIds.length
        ? db
            .select({ id: vipLevels.level, name: vipLevels.name })
            .from(vipLevels)
            .where(inArray(vipLevels.level, levelIds))
        : none,
      redemptionIds.length
        ? db
            .select({ id: redemptions.id, hint: redeemCodes.hint })
            .from(redemptions)
            .innerJoin(redeemCodes, eq(redeemCodes.id, redemptions.codeId))
            .where(inArray(redemptions.id, redemptionIds))
        : none,
      drawIds.length
        ? db
            .select({ id: drawRecords.id, campaign: drawCampaigns.name, prize: drawRecords.prizeName })
            .from(drawRecords)
            .innerJoin(drawCampaigns, eq(drawCampaigns.id, drawRecords.campaignId))
            .where(inArray(drawRecords.id, drawIds))
        : none,
      eventIds.length
        ? db.select({ id: events.id, title: events.title }).from(events).where(inArray(events.id, eventIds))
        : none,
      memberIds.length
        ? db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.id, memberIds))
        : none,
    ]);
  const keyed = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  return {
    orders: keyed(orderRows),
    holdings: keyed(holdingRows),
    accruals: new Map(accrualRows.map((row) => [row.entryId, row])),
    withdrawals: keyed(withdrawalRows),
    levels: keyed(levelRows),
    codes: keyed(codeRows),
    draws: keyed(drawRows),
    events: keyed(eventRows),
    members: keyed(memberRows),
  };
}
