import type { DrawPrize } from '@app/contracts';

/**
 * A draw on screen: `idle` waits for a tap; `drawing` animates while the server decides; `landing`
 * brings the animation to the slot of the server's prize, then the stage calls `onLanded`.
 */
export type DrawPhase = 'idle' | 'drawing' | 'landing';

/** What every stage (turntable, grid, capsule, window) is given by the draw screen. */
export interface StageProps {
  /** The prizes as the stage lays them out (see `fillSlots`). */
  slots: DrawPrize[];
  phase: DrawPhase;
  /** While landing: the slot of the server's prize, or -1 when it is not on the stage. */
  target: number;
  /** Starts a draw; the window stage passes the window tapped. */
  onDraw: (picked?: number) => void;
  onLanded: () => void;
  /** The text of the stage's own button ("GO"). */
  goLabel: string;
}

/**
 * The prizes repeated in turn until the stage has at least `min` slots, cut at `max`: the turntable
 * needs enough sectors to spin visibly, the nine-grid exactly eight cells around its button.
 */
export function fillSlots<T>(prizes: readonly T[], min: number, max: number): T[] {
  if (prizes.length === 0) return [];
  const slots = [...prizes];
  for (let i = 0; slots.length < min; i++) slots.push(prizes[i % prizes.length] as T);
  return slots.slice(0, max);
}

/** The eight cells of the nine-grid, clockwise from the top left, around the button in the centre. */
export const GRID_CELLS: readonly { x: number; y: number }[] = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 2, y: 0 },
  { x: 2, y: 1 },
  { x: 2, y: 2 },
  { x: 1, y: 2 },
  { x: 0, y: 2 },
  { x: 0, y: 1 },
];
