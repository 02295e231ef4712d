/** Every rule that depends on time reads it here, so tests (and TEST_MODE) can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that follows real time from an adjustable offset; `set` and `advance` move it. A frozen
 * one (for tests) stands still between moves, so every computed instant is exact.
 */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  private readonly realNow: () => number;

  constructor(options: { frozen?: boolean } = {}) {
    const frozenAt = Date.now();
    this.realNow = options.frozen ? () => frozenAt : Date.now;
  }

  now(): Date {
    return new Date(this.realNow() + this.offsetMs);
  }

  set(to: Date): Date {
    this.offsetMs = to.getTime() - this.realNow();
    return this.now();
  }

  advance(seconds: number): Date {
    this.offsetMs += seconds * 1000;
    return this.now();
  }
}
