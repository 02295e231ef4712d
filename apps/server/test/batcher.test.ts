import { describe, expect, it } from 'vitest';
import { Batcher } from '../src/db/batcher.ts';

/** A `run` that records its batches and answers when told to. */
function recordingRun(fail: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  const waiting: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve, reject) => {
      waiting.push(() =>
        items.some(fail) ? reject(new Error(`refused ${items.filter(fail)}`)) : resolve(items.map((item) => item * 10)),
      );
    });
  };
  /** Answers every batch asked so far, then lets the batcher go on. */
  const answer = async () => {
    for (const done of waiting.splice(0)) done();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { batches, run, answer };
}

describe('batches of purchases (group commit)', () => {
  it('an item on an idle batcher runs at once, alone', async () => {
    const { batches, run, answer } = recordingRun();
    const batcher = new Batcher(run, { concurrency: 1, maxBatch: 10 });
    const result = batcher.submit(1);
    expect(batches).toEqual([[1]]);
    await answer();
    expect(await result).toBe(10);
  });

  it('items arriving while a batch runs go together in the next, each answered with its own result', async () => {
    const { batches, run, answer } = recordingRun();
    const batcher = new Batcher(run, { concurrency: 1, maxBatch: 10 });
    const results = [1, 2, 3, 4].map((item) => batcher.submit(item));
    expect(batches).toEqual([[1]]);
    await answer();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await answer();
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40]);
  });

  it('a batch holds at most maxBatch items and one item per key', async () => {
    const { batches, run, answer } = recordingRun();
    const batcher = new Batcher(run, { concurrency: 1, maxBatch: 3, keyOf: (item) => item % 5 });
    const results = [1, 2, 7, 3, 4, 5].map((item) => batcher.submit(item));
    await answer();
    // 7 has the key of 2: it waits for the batch after.
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await answer();
    expect(batches).toEqual([[1], [2, 3, 4], [7, 5]]);
    await answer();
    expect(await Promise.all(results)).toEqual([10, 20, 70, 30, 40, 50]);
  });

  it('when a batch fails, each item runs again alone and only the one at fault gets the error', async () => {
    const { batches, run, answer } = recordingRun((item) => item === 3);
    const batcher = new Batcher(run, { concurrency: 1, maxBatch: 10 });
    const results = [1, 2, 3, 4].map((item) => batcher.submit(item).catch((error: Error) => error.message));
    await answer();
    await answer();
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    await answer();
    expect(await Promise.all(results)).toEqual([10, 20, 'refused 3', 40]);
  });

  it('with gather, the items asked in one turn of the event loop go together, even on an idle batcher', async () => {
    const { batches, run, answer } = recordingRun();
    const batcher = new Batcher(run, { concurrency: 2, maxBatch: 10, gather: true });
    const results = [1, 2, 3].map((item) => batcher.submit(item));
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2, 3]]);
    const later = batcher.submit(4);
    await answer();
    expect(batches).toEqual([[1, 2, 3], [4]]);
    await answer();
    expect(await Promise.all([...results, later])).toEqual([10, 20, 30, 40]);
  });

  it('runs up to `concurrency` batches at once', async () => {
    const { batches, run, answer } = recordingRun();
    const batcher = new Batcher(run, { concurrency: 2, maxBatch: 10 });
    const results = [1, 2, 3, 4].map((item) => batcher.submit(item));
    expect(batches).toEqual([[1], [2]]);
    await answer();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    await answer();
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40]);
  });
});
