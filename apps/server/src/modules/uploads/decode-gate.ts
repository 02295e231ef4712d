import { AppError } from '../../domain/errors.ts';

/** What the process lets image decoding take at once. */
export interface DecodeLimits {
  /** Decodes running at once. */
  decodes: number;
  /** Pixels (width × height from the header) of all the decodes running at once. */
  pixels: number;
  /** How long a decode waits for its turn before it is refused as busy (ms). */
  waitMs: number;
  /** Decodes waiting at once (each holds its upload's bytes); one more is refused as busy at once. */
  queue: number;
}

export interface DecodeGateStats {
  active: number;
  pixels: number;
  waiting: number;
  /** The most decodes and pixels ever in flight together: what the tests and the bench check. */
  peakActive: number;
  peakPixels: number;
  /** Decodes refused as busy (waited too long, or found the queue full). */
  refused: number;
}

interface Waiter {
  pixels: number;
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A weighted semaphore for image decoding, one per process (`app.ts` builds it; `main.ts` builds
 * one app): at most `decodes` decodes at once, holding at most `pixels` together. A decode reserves
 * its image's pixels, read from the header, before a byte is decoded, and gives them back when it
 * ends, failed or not. Turns are first come, first served: a small image does not overtake a large
 * one waiting for room, so a large one is never starved. One that waits longer than `waitMs`, or
 * finds `queue` others waiting, is refused `BUSY`; one larger than the whole budget is refused at
 * once, as too many pixels, since it could never start.
 */
export class DecodeGate {
  private active = 0;
  private pixels = 0;
  private peakActive = 0;
  private peakPixels = 0;
  private refused = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly limits: DecodeLimits) {}

  async run<T>(pixels: number, decode: () => Promise<T>): Promise<T> {
    if (pixels > this.limits.pixels) {
      throw new AppError('UPLOAD_TOO_MANY_PIXELS', { max: this.limits.pixels / 1_000_000 });
    }
    if (this.waiting.length === 0 && this.fits(pixels)) this.take(pixels);
    else await this.enqueue(pixels);
    try {
      return await decode();
    } finally {
      this.active -= 1;
      this.pixels -= pixels;
      this.dispatch();
    }
  }

  stats(): DecodeGateStats {
    const { active, pixels, peakActive, peakPixels, refused } = this;
    return { active, pixels, waiting: this.waiting.length, peakActive, peakPixels, refused };
  }

  private fits(pixels: number): boolean {
    return this.active < this.limits.decodes && this.pixels + pixels <= this.limits.pixels;
  }

  private take(pixels: number): void {
    this.active += 1;
    this.pixels += pixels;
    this.peakActive = Math.max(this.peakActive, this.active);
    this.peakPixels = Math.max(this.peakPixels, this.pixels);
  }

  private enqueue(pixels: number): Promise<void> {
    if (this.waiting.length >= this.limits.queue) {
      this.refused += 1;
      return Promise.reject(new AppError('BUSY'));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        pixels,
        start: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          this.refused += 1;
          reject(new AppError('BUSY'));
          // It may have been the head that the others behind it were waiting for.
          this.dispatch();
        }, this.limits.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Starts the waiters at the head of the queue while they fit, in order. */
  private dispatch(): void {
    for (let head = this.waiting[0]; head && this.fits(head.pixels); head = this.waiting[0]) {
      this.waiting.shift();
      clearTimeout(head.timer);
      this.take(head.pixels);
      head.start();
    }
  }
}
