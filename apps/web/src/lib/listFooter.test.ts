import { describe, expect, it } from 'vitest';
import { FOOTER_FINISHED, FOOTER_KEYS, FOOTER_LOADING, FOOTER_MORE, footerState } from './listFooter';

describe('loading footer states (docs/product.md#shared-widgets): 0 loading, 1 finished, 2 pull up to load more', () => {
  it('uses the documented numbers', () => {
    expect([FOOTER_LOADING, FOOTER_FINISHED, FOOTER_MORE]).toEqual([0, 1, 2]);
  });
  it('is loading while the next page is fetched', () => {
    expect(footerState({ isFetchingNextPage: true, hasNextPage: true })).toBe(0);
  });
  it('offers more while a cursor remains', () => {
    expect(footerState({ isFetchingNextPage: false, hasNextPage: true })).toBe(2);
  });
  it('is finished once the last page arrived', () => {
    expect(footerState({ isFetchingNextPage: false, hasNextPage: false })).toBe(1);
  });
  it('has a message for each state', () => {
    expect(FOOTER_KEYS).toEqual({ 0: 'list.loading', 1: 'list.finished', 2: 'list.more' });
  });
});
