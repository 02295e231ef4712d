import type { DrawPrizeKind, DrawRecordStatus, DrawStatus, ErrorKey } from '@app/contracts';

/** What the pick needs of a prize: its weight, and whether any is left (`stock` null: unlimited). */
export interface Pickable {
  id: number;
  weight: number;
  stock: number | null;
}

/** A uniform whole number in [0, max): the service passes the cryptographic generator (`crypto.randomInt`). */
export type Random = (max: number) => number;

/** The prizes a draw can land on: a weight above zero and some stock left. */
export function drawable<P extends Pickable>(prizes: readonly P[]): P[] {
  return prizes.filter((prize) => prize.weight > 0 && (prize.stock === null || prize.stock > 0));
}

/**
 * Picks one prize, each with a chance of its weight over the total of the drawable prizes'
 * weights; undefined when none is drawable.
 */
export function pickPrize<P extends Pickable>(prizes: readonly P[], random: Random): P | undefined {
  const candidates = drawable(prizes);
  const total = candidates.reduce((sum, prize) => sum + prize.weight, 0);
  if (total === 0) return undefined;
  let ticket = random(total);
  for (const prize of candidates) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  return candidates.at(-1);
}

/**
 * Each prize's chance on a draw now, in percent with two decimals ("12.50"); a prize out of stock
 * or without weight has "0.00". Rounded half up, so the figures may not add to exactly 100.
 */
export function oddsOf(prizes: readonly Pickable[]): Map<number, string> {
  const candidates = new Set(drawable(prizes).map((prize) => prize.id));
  const total = prizes.reduce((sum, prize) => sum + (candidates.has(prize.id) ? prize.weight : 0), 0);
  return new Map(
    prizes.map((prize) => {
      const weight = candidates.has(prize.id) ? prize.weight : 0;
      const hundredths = total === 0 ? 0 : Math.floor((weight * 10_000 * 2 + total) / (2 * total));
      return [prize.id, `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`];
    }),
  );
}

/** The draws a user has left today in a campaign: its limit, their VIP level's extra and draws won, less those made. */
export function drawsLeft(allowance: { dailyLimit: number; vipExtra: number; won: number; drawn: number }): number {
  return Math.max(0, allowance.dailyLimit + allowance.vipExtra + allowance.won - allowance.drawn);
}

/** Whether a campaign takes draws at `now`: switched on, started and not ended. */
export function isRunning(campaign: { status: DrawStatus; startsAt: Date; endsAt: Date }, now: Date): boolean {
  return campaign.status === 'on' && campaign.startsAt <= now && now < campaign.endsAt;
}

/** Why a draw is refused, in the order a user can act on: the campaign first, then their draws, then their points. */
export function drawRefusal(
  campaign: { status: DrawStatus; startsAt: Date; endsAt: Date; pointsPerDraw: number } | undefined,
  user: { left: number; points: bigint },
  now: Date,
): ErrorKey | undefined {
  if (!campaign) return 'DRAW_NOT_FOUND';
  if (!isRunning(campaign, now)) return 'DRAW_NOT_RUNNING';
  if (user.left <= 0) return 'DRAWS_EXHAUSTED';
  if (user.points < BigInt(campaign.pointsPerDraw)) return 'INSUFFICIENT_POINTS';
  return undefined;
}

/** A prize is settled by the draw itself, except goods, which wait for the winner's address. */
export function statusOfWin(kind: DrawPrizeKind): DrawRecordStatus {
  return kind === 'goods' ? 'awaiting_address' : 'completed';
}

/** The fulfilment moves: the winner gives an address (again, until shipped), the operator ships. */
export function canMove(status: DrawRecordStatus, move: 'address' | 'ship'): boolean {
  if (move === 'address') return status === 'awaiting_address' || status === 'awaiting_shipment';
  return status === 'awaiting_shipment';
}
