/**
 * Milliseconds left in the cycle at `now`, from the server's `secondsLeft` as it answered at
 * `answeredAt`: the device's clock may be set wrong, but the time elapsed since is right.
 */
export function msLeft(secondsLeft: number, answeredAt: number, now: number): number {
  return Math.max(0, secondsLeft * 1000 - Math.max(0, now - answeredAt));
}

/** The medal of the first three ranks, for their badge's colour. */
export function medalOf(rank: number): 'gold' | 'silver' | 'bronze' | null {
  return rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : null;
}

/** A prize worth showing: "0.00" (a rank past the prizes) is not. */
export function hasPrize(prize: string): boolean {
  return /[1-9]/.test(prize);
}
