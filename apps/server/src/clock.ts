/** Every rule that depends on time reads it here, so tests (and TEST_MODE) can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that follows real time from an adjustable offset; `set` and `advance` move it. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  set(to: Date): Date {
    this.offsetMs = to.getTime() - Date.now();
    return this.now();
  }

  advance(seconds: number): Date {
    this.offsetMs += seconds * 1000;
    return this.now();
  }
}
