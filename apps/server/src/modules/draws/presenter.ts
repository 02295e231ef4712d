import type {
  AdminDrawCampaign,
  AdminDrawRecord,
  DrawCampaign,
  DrawPrize,
  DrawPrizeKind,
  DrawRecord,
  DrawRecordDetail,
  Language,
} from '@app/contracts';
import { fromMinor } from '@app/contracts';
import { localizedText } from '../products/presenter.ts';
import type { CampaignRow, PrizeRow, RecordWithCampaign } from './repository.ts';
import { oddsOf } from './rules.ts';

/** Money (cash, coupon) in major units, points and draws as whole numbers, nothing for goods and "nothing". */
export function prizeAmountText(kind: DrawPrizeKind, amount: bigint, decimals: number): string {
  if (kind === 'cash' || kind === 'coupon') return fromMinor(amount, decimals);
  if (kind === 'points' || kind === 'draws') return amount.toString();
  return '0';
}

export function presentPrize(
  prize: Pick<PrizeRow, 'id' | 'name' | 'kind' | 'amount' | 'image'>,
  lang: Language,
  decimals: number,
): DrawPrize {
  return {
    id: prize.id,
    name: localizedText(prize.name, lang),
    kind: prize.kind,
    amount: prizeAmountText(prize.kind, prize.amount, decimals),
    image: prize.image,
  };
}

export function presentCampaign(
  row: CampaignRow,
  prizes: PrizeRow[],
  drawsLeftToday: number,
  lang: Language,
  decimals: number,
): DrawCampaign {
  return {
    id: row.id,
    kind: row.kind,
    name: localizedText(row.name, lang),
    pointsPerDraw: row.pointsPerDraw,
    dailyLimit: row.dailyLimit,
    drawsLeftToday,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    prizes: prizes.map((prize) => presentPrize(prize, lang, decimals)),
  };
}

export function presentAdminCampaign(
  row: CampaignRow,
  prizes: PrizeRow[],
  wins: { byPrize: Map<number, number>; byCampaign: Map<number, number> },
  decimals: number,
): AdminDrawCampaign {
  const odds = oddsOf(prizes);
  return {
    id: row.id,
    kind: row.kind,
    name: localizedText(row.name, 'en'),
    nameI18n: row.name,
    pointsPerDraw: row.pointsPerDraw,
    dailyLimit: row.dailyLimit,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    draws: wins.byCampaign.get(row.id) ?? 0,
    prizes: prizes.map((prize) => ({
      ...presentPrize(prize, 'en', decimals),
      nameI18n: prize.name,
      weight: prize.weight,
      odds: odds.get(prize.id) ?? '0.00',
      stock: prize.stock,
      won: wins.byPrize.get(prize.id) ?? 0,
      minSpend: fromMinor(prize.minSpend, decimals),
      validDays: prize.validDays,
    })),
  };
}

export function presentRecord(
  { record, campaignName }: RecordWithCampaign,
  lang: Language,
  decimals: number,
): DrawRecord {
  return {
    id: record.id,
    campaignId: record.campaignId,
    campaignName: localizedText(campaignName, lang),
    prizeName: localizedText(record.prizeName, lang),
    prizeKind: record.prizeKind,
    amount: prizeAmountText(record.prizeKind, record.amount, decimals),
    status: record.status,
    createdAt: record.createdAt.toISOString(),
  };
}

export function presentRecordDetail(row: RecordWithCampaign, lang: Language, decimals: number): DrawRecordDetail {
  const { record } = row;
  return {
    ...presentRecord(row, lang, decimals),
    pointsSpent: record.pointsSpent,
    address: record.address,
    carrier: record.carrier,
    tracking: record.tracking,
    shippedAt: record.shippedAt?.toISOString() ?? null,
  };
}

export function presentAdminRecord(row: RecordWithCampaign, decimals: number): AdminDrawRecord {
  return {
    ...presentRecordDetail(row, 'en', decimals),
    userId: row.record.userId,
    userAccount: row.userAccount,
    prizeId: row.record.prizeId,
  };
}
