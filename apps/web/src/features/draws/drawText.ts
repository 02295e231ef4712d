import type { DrawCampaign, DrawKind, DrawPrizeKind, DrawRecordStatus } from '@app/contracts';
import { formatMoney, formatPoints } from '../../lib/format';

/** The screen of each kind of draw (docs/decisions.md: "Draw screens"). */
export const DRAW_PATHS: Record<DrawKind, string> = {
  turntable: '/pagesB/draw/turntable',
  grid: '/pagesB/draw/grid',
  capsule: '/pagesB/draw/capsule',
  window: '/pagesB/draw/window',
};

export const DRAW_RECORDS_PATH = '/pagesB/mine/drawRecord';
export const DRAW_RECORD_DETAIL_PATH = '/pagesB/mine/drawRecordDetail';
export const ADDRESS_PICKER_PATH = '/pagesB/wallet/myAddress';

export function drawPath(campaign: Pick<DrawCampaign, 'id' | 'kind'>): string {
  return `${DRAW_PATHS[campaign.kind]}?id=${campaign.id}`;
}

export function recordPath(id: number): string {
  return `${DRAW_RECORD_DETAIL_PATH}?id=${id}`;
}

/**
 * The address book opened to choose a parcel's address: it comes back to the record with
 * `addressId=<id>` appended to `returnTo`.
 */
export function addressPickerPath(recordId: number): string {
  return `${ADDRESS_PICKER_PATH}?select=1&returnTo=${encodeURIComponent(recordPath(recordId))}`;
}

/** The campaign a screen shows: the one named by `?id=` if it is of this kind, else the first of the kind. */
export function pickCampaign(campaigns: readonly DrawCampaign[], kind: DrawKind, id: number | null) {
  const ofKind = campaigns.filter((c) => c.kind === kind);
  return (id === null ? undefined : ofKind.find((c) => c.id === id)) ?? ofKind[0];
}

/**
 * Where the animation must land: the slot of the prize the server chose. -1 when the prize is not on
 * the screen (the campaign changed since it was loaded): the animation then stops without landing
 * and the result is still shown, since it is the server's.
 */
export function prizeSlot(prizes: readonly { id: number }[], prizeId: number): number {
  return prizes.findIndex((p) => p.id === prizeId);
}

/** "$5.00", "20 points", "+1 draw", a goods name: what a prize gives, in the user's words (counted texts plural). */
export function prizeValue(
  prize: { kind: DrawPrizeKind; amount: string; name: string },
  symbol: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  switch (prize.kind) {
    case 'cash':
    case 'coupon':
      return formatMoney(prize.amount, symbol);
    case 'points':
      return t('draws.pointsValue', { count: Number(prize.amount), amount: formatPoints(prize.amount) });
    case 'draws':
      return t('draws.drawsValue', { count: Number(prize.amount) });
    default:
      return prize.name;
  }
}

/** A "nothing" prize is a miss: the dialog says "try again" instead of "you won". */
export function isWin(kind: DrawPrizeKind): boolean {
  return kind !== 'nothing';
}

/** Goods still needing the winner's address. */
export function needsAddress(status: DrawRecordStatus): boolean {
  return status === 'awaiting_address';
}

/** Alternating slot colours of the turntable and the grid, so neighbouring prizes stand apart. */
export const SLOT_COLOURS = ['#0e4c7a', '#16639b'] as const;
export function slotColour(index: number): string {
  return SLOT_COLOURS[index % SLOT_COLOURS.length] ?? SLOT_COLOURS[0];
}
