import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import { DecodeGate, type DecodeLimits } from './decode-gate.ts';

const MP = 1_000_000;
const LIMITS: DecodeLimits = { decodes: 2, pixels: 50 * MP, waitMs: 1000, queue: 4 };

/** A decode the test finishes when it means to, recording when it started. */
function held(started: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  const decode = () => {
    started.push(name);
    return done;
  };
  return { decode, finish: () => finish(), fail: (error: Error) => fail(error) };
}

/** Lets every settled promise's reactions run (the gate hands turns over in microtasks). */
const settle = () => vi.advanceTimersByTimeAsync(0);

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
  throw new Error('not refused');
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the decode gate', () => {
  it('lets at most `decodes` decodes run at once; the next starts when one ends', async () => {
    const gate = new DecodeGate(LIMITS);
    const started: string[] = [];
    const [a, b, c] = [held(started, 'a'), held(started, 'b'), held(started, 'c')];
    const runs = [gate.run(MP, a.decode), gate.run(MP, b.decode), gate.run(MP, c.decode)];
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(gate.stats()).toMatchObject({ active: 2, pixels: 2 * MP, waiting: 1 });
    a.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    b.finish();
    c.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(gate.stats()).toMatchObject({ active: 0, pixels: 0, waiting: 0, peakActive: 2, peakPixels: 2 * MP });
  });

  it('keeps the pixels in flight within the budget: a 40 MP decode waits for another 40 MP one', async () => {
    const gate = new DecodeGate(LIMITS);
    const started: string[] = [];
    const [big1, big2] = [held(started, 'big1'), held(started, 'big2')];
    const runs = [gate.run(40 * MP, big1.decode), gate.run(40 * MP, big2.decode)];
    await settle();
    expect(started).toEqual(['big1']);
    expect(gate.stats()).toMatchObject({ active: 1, pixels: 40 * MP, waiting: 1 });
    big1.finish();
    await settle();
    expect(started).toEqual(['big1', 'big2']);
    big2.finish();
    await Promise.all(runs);
    expect(gate.stats().peakPixels).toBe(40 * MP);
  });

  it('serves in arrival order: a small decode does not overtake a large one waiting for room', async () => {
    const gate = new DecodeGate(LIMITS);
    const started: string[] = [];
    const [first, large, small] = [held(started, 'first'), held(started, 'large'), held(started, 'small')];
    const runs = [gate.run(30 * MP, first.decode), gate.run(30 * MP, large.decode), gate.run(1 * MP, small.decode)];
    await settle();
    // 1 MP would fit beside the first 30 MP, but the large one came before it.
    expect(started).toEqual(['first']);
    first.finish();
    await settle();
    expect(started).toEqual(['first', 'large', 'small']);
    large.finish();
    small.finish();
    await Promise.all(runs);
  });

  it('refuses a decode larger than the whole budget at once, as too many pixels', async () => {
    const gate = new DecodeGate({ ...LIMITS, pixels: 10 * MP });
    const decode = vi.fn(async () => 'never');
    const promise = gate.run(10 * MP + 1, decode);
    await expect(promise).rejects.toMatchObject({ key: 'UPLOAD_TOO_MANY_PIXELS', params: { max: 10 } });
    expect(decode).not.toHaveBeenCalled();
    expect(gate.stats()).toMatchObject({ active: 0, pixels: 0, waiting: 0 });
  });

  it('refuses a decode that waited past `waitMs` as busy, and the queue moves on without it', async () => {
    const gate = new DecodeGate({ ...LIMITS, decodes: 1 });
    const started: string[] = [];
    const [a, late, next] = [held(started, 'a'), held(started, 'late'), held(started, 'next')];
    const first = gate.run(MP, a.decode);
    const refused = refusal(gate.run(MP, late.decode));
    await vi.advanceTimersByTimeAsync(500);
    const after = gate.run(MP, next.decode);
    await vi.advanceTimersByTimeAsync(500);
    expect(await refused).toBe('BUSY');
    expect(gate.stats()).toMatchObject({ active: 1, waiting: 1, refused: 1 });
    a.finish();
    await settle();
    expect(started).toEqual(['a', 'next']);
    next.finish();
    await Promise.all([first, after]);
  });

  it('a refused head of the queue lets the smaller decodes behind it start', async () => {
    const gate = new DecodeGate(LIMITS);
    const started: string[] = [];
    const [a, big, small] = [held(started, 'a'), held(started, 'big'), held(started, 'small')];
    const first = gate.run(30 * MP, a.decode);
    const refused = refusal(gate.run(30 * MP, big.decode));
    await vi.advanceTimersByTimeAsync(10);
    const after = gate.run(5 * MP, small.decode);
    await vi.advanceTimersByTimeAsync(990);
    expect(await refused).toBe('BUSY');
    await settle();
    expect(started).toEqual(['a', 'small']);
    a.finish();
    small.finish();
    await Promise.all([first, after]);
  });

  it('refuses at once as busy when the queue is full', async () => {
    const gate = new DecodeGate({ ...LIMITS, decodes: 1, queue: 1 });
    const started: string[] = [];
    const [a, b] = [held(started, 'a'), held(started, 'b')];
    const runs = [gate.run(MP, a.decode), gate.run(MP, b.decode)];
    await settle();
    expect(await refusal(gate.run(MP, async () => 'c'))).toBe('BUSY');
    a.finish();
    await settle();
    b.finish();
    await Promise.all(runs);
    expect(started).toEqual(['a', 'b']);
  });

  it('gives back the slot and the pixels when a decode fails, and the next one starts', async () => {
    const gate = new DecodeGate({ ...LIMITS, decodes: 1 });
    const started: string[] = [];
    const [bad, good] = [held(started, 'bad'), held(started, 'good')];
    const failed = gate.run(40 * MP, bad.decode);
    const next = gate.run(40 * MP, good.decode);
    await settle();
    bad.fail(new Error('corrupt data'));
    await expect(failed).rejects.toThrow('corrupt data');
    await settle();
    expect(started).toEqual(['bad', 'good']);
    expect(gate.stats()).toMatchObject({ active: 1, pixels: 40 * MP });
    good.finish();
    await next;
    expect(gate.stats()).toMatchObject({ active: 0, pixels: 0, waiting: 0 });
  });

  it('gives back its turn when a decode throws before returning a promise', async () => {
    const gate = new DecodeGate({ ...LIMITS, decodes: 1 });
    await expect(
      gate.run(MP, () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(gate.stats()).toMatchObject({ active: 0, pixels: 0 });
    expect(await gate.run(MP, async () => 'ok')).toBe('ok');
  });
});
