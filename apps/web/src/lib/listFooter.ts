/** The loading footer (docs/product.md#shared-widgets): 0 loading, 1 finished, 2 pull up to load more. */
export const FOOTER_LOADING = 0;
export const FOOTER_FINISHED = 1;
export const FOOTER_MORE = 2;
export type FooterState = typeof FOOTER_LOADING | typeof FOOTER_FINISHED | typeof FOOTER_MORE;

export function footerState(list: { isFetchingNextPage: boolean; hasNextPage: boolean }): FooterState {
  if (list.isFetchingNextPage) return FOOTER_LOADING;
  return list.hasNextPage ? FOOTER_MORE : FOOTER_FINISHED;
}

export const FOOTER_KEYS = {
  [FOOTER_LOADING]: 'list.loading',
  [FOOTER_FINISHED]: 'list.finished',
  [FOOTER_MORE]: 'list.more',
} as const;
