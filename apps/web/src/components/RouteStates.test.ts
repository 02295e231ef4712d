// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, withChunkTimeout } from './RouteStates';

describe('lazy route chunks (docs/product.md#error-catalogue)', () => {
  afterEach(() => vi.useRealTimers());

  it("a chunk that has not loaded after 120 s fails with 'Loading chunk failed'", async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise<never>(() => {}));
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).rejects.toThrow('Loading chunk failed');
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it("a chunk that fails to download fails with 'Loading chunk failed'", async () => {
    await expect(withChunkTimeout(() => Promise.reject(new TypeError('x')))).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('a chunk that loads in time resolves to its module', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});
