interface Pending<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export interface BatcherOptions<Item> {
  /** Batches run at once (each statement takes a connection of its own). */
  concurrency: number;
  /** At most this many items in one batch. */
  maxBatch: number;
  /** Items with the same key never share a batch: the later waits for a following one. */
  keyOf?: (item: Item) => unknown;
  /**
   * A batch starts at the end of the event loop's turn rather than at once, so the requests read
   * in one turn go together even when a connection is free: for reads, where a batch of one costs
   * almost a statement per request when the server is short of CPU and reads one request at a time.
   */
  gather?: boolean;
}

/**
 * Runs many small requests of one kind as few statements (group commit). An item runs at once
 * (with `gather`, at the end of the event loop's turn) when fewer than `concurrency` batches are
 * running; otherwise it waits and goes with everything that arrived in the meantime, in one
 * statement. Most of a short statement's cost is the statement itself (the round trip, starting
 * the executor, committing), so under load many requests share it, while an idle system runs each
 * request alone, without waiting.
 *
 * `run` answers each item of a batch, in order. When it fails for a batch of several, each item
 * is run again alone, so that only the item at fault gets the error: a batch that fails has
 * written nothing (one statement).
 */
export class Batcher<Item, Result> {
  private queue: Pending<Item, Result>[] = [];
  private running = 0;
  private gathering = false;

  constructor(
    private readonly run: (items: Item[]) => Promise<Result[]>,
    private readonly options: BatcherOptions<Item>,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.options.gather) this.next();
      else if (!this.gathering) {
        this.gathering = true;
        setImmediate(() => {
          this.gathering = false;
          this.next();
        });
      }
    });
  }

  private next(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const batch = this.take();
      this.running += 1;
      void this.flush(batch).finally(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  /** The oldest waiting items, at most one per key. */
  private take(): Pending<Item, Result>[] {
    const { keyOf, maxBatch } = this.options;
    if (!keyOf) return this.queue.splice(0, maxBatch);
    const keys = new Set<unknown>();
    const batch: Pending<Item, Result>[] = [];
    const left: Pending<Item, Result>[] = [];
    for (const pending of this.queue) {
      const key = keyOf(pending.item);
      if (batch.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(pending);
      } else {
        left.push(pending);
      }
    }
    this.queue = left;
    return batch;
  }

  private async flush(batch: Pending<Item, Result>[]): Promise<void> {
    try {
      const results = await this.run(batch.map((pending) => pending.item));
      for (const [index, pending] of batch.entries()) pending.resolve(results[index] as Result);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(batch.map((pending) => this.flush([pending])));
    }
  }
}
