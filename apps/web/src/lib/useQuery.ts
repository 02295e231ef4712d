import {
  type DefaultError,
  notifyManager,
  type QueryKey,
  QueryObserver,
  type UseQueryOptions,
  type UseQueryResult,
  useQueryClient,
} from '@tanstack/react-query';
import { startTransition, useEffect, useReducer, useRef, useState } from 'react';

/**
 * TanStack Query's `useQuery` (its `useBaseQuery`, without suspense, which the app does not use),
 * except how an answer reaches the screen. TanStack redraws through `useSyncExternalStore`, which
 * React always draws in one blocking pass: on a phone, each of a page's first answers held the main
 * thread for the whole section it fills (100–300 ms on Lighthouse's simulated phone). Here an
 * answer redraws in a transition, which React draws in slices and lets a tap in between. What is
 * drawn is still read from the observer at render, as TanStack does; the one difference this makes
 * is in docs/decisions.md.
 */
export function useQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(
    () => new QueryObserver<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>(client, defaulted),
  );
  const result = observer.getOptimisticResult(defaulted);
  // What `useSyncExternalStore` would keep: the observer's result as this render saw it.
  const seen = useRef(observer.getCurrentResult());
  seen.current = observer.getCurrentResult();
  const [, redraw] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    // Each query subscribes, and so starts its fetch, in a task of its own: a screen's queries
    // mount together, and subscribing them all at once held a phone's main thread for some 150 ms
    // after the first screen was drawn (home's ten, docs/benchmarks.md).
    const subscribing = setTimeout(() => {
      unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(redraw)));
      // What changed between this render and the subscription (a cached answer, a fetch that settled).
      observer.updateResult();
      if (observer.getCurrentResult() !== seen.current) startTransition(redraw);
    });
    return () => {
      clearTimeout(subscribing);
      unsubscribe?.();
    };
  }, [observer]);

  return observer.trackResult(result);
}
