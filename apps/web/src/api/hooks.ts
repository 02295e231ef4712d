import { ActionKey, type Cycle, type HoldingStatus } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useQuery } from '../lib/useQuery';
import { sessionStore, useSession } from '../store/session';
import { call } from './index';
import { api } from './routes';

export const queryKeys = {
  appConfig: ['appConfig'] as const,
  userInfo: ['userInfo'] as const,
  bill: ['bill'] as const,
  products: (cycle: Cycle | 'all') => ['products', cycle] as const,
  product: (id: number) => ['product', id] as const,
  holdings: (status: HoldingStatus) => ['holdings', status] as const,
  orders: ['orders'] as const,
  records: (list: string, type = '') => ['records', list, type] as const,
  /** Under 'records': whatever refreshes the record lists (a redeem, a draw) refreshes the statement too. */
  statement: (wallet: string, kind = '') => ['records', 'statement', wallet, kind] as const,
  depositMethods: ['depositMethods'] as const,
  deposit: (transId: string) => ['deposit', transId] as const,
  deposits: ['deposits'] as const,
  payoutAccounts: ['payoutAccounts'] as const,
  payoutOptions: ['payoutOptions'] as const,
  withdrawals: ['withdrawals'] as const,
};

/**
 * The key of a page's money action (purchase, top-up, withdrawal, collection), for `call`'s
 * `action`: the same for a double tap or a retry, renewed by the client once the server has acted.
 */
export function useActionKey(): ActionKey {
  const [action] = useState(() => new ActionKey());
  return action;
}

export function useDepositMethods() {
  return useQuery({ queryKey: queryKeys.depositMethods, queryFn: () => call(api.cash.depositMethods, {}) });
}

export function usePayoutAccounts() {
  return useQuery({ queryKey: queryKeys.payoutAccounts, queryFn: () => call(api.cash.payoutAccounts, {}) });
}

export function usePayoutOptions() {
  return useQuery({
    queryKey: queryKeys.payoutOptions,
    queryFn: () => call(api.cash.payoutOptions, {}),
    staleTime: 5 * 60_000,
  });
}

/**
 * The query's result, with `name` answering its data or, until that arrives, the copy kept on the
 * device. A proxy rather than a spread: TanStack Query re-renders a component only for the result's
 * properties it read, and a spread reads them all, so every screen showing an amount drew itself
 * again at each step of every configuration, profile or bill fetch.
 */
function withKept<T, N extends string>(
  query: UseQueryResult<T>,
  name: N,
  kept: T | null,
): UseQueryResult<T> & { readonly [key in N]: T | null } {
  return new Proxy(query, {
    get: (target, key, receiver) => (key === name ? (target.data ?? kept) : Reflect.get(target, key, receiver)),
  }) as UseQueryResult<T> & { readonly [key in N]: T | null };
}

/** Products on sale of one cycle (viewer-personalised: `purchased` is this user's count). */
export function useProducts(cycle?: Cycle) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...queryKeys.products(cycle ?? 'all'), token !== ''],
    queryFn: () => call(api.products.list, cycle ? { cycle } : {}),
  });
}

export function useProduct(id: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...queryKeys.product(id), token !== ''],
    queryFn: () => call(api.products.get, {}, { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Public configuration; the last answer is kept in the store for offline first paint. */
export function useAppConfig() {
  const cached = useSession((s) => s.config);
  const query = useQuery({
    queryKey: queryKeys.appConfig,
    queryFn: () => call(api.system.appConfig, {}),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (query.data) sessionStore.set({ config: query.data });
  }, [query.data]);
  return withKept(query, 'config', cached);
}

export function useCurrency(): string {
  return useAppConfig().config?.app_currency ?? '$';
}

export function useUserInfo() {
  const token = useSession((s) => s.token);
  const cached = useSession((s) => s.user);
  const query = useQuery({
    queryKey: queryKeys.userInfo,
    queryFn: () => call(api.user.info, {}),
    enabled: token !== '',
  });
  useEffect(() => {
    if (query.data) sessionStore.set({ user: query.data });
  }, [query.data]);
  return withKept(query, 'user', cached);
}

export function useBill() {
  const token = useSession((s) => s.token);
  const cached = useSession((s) => s.bill);
  const query = useQuery({
    queryKey: queryKeys.bill,
    queryFn: () => call(api.wallet.bill, {}),
    enabled: token !== '',
  });
  useEffect(() => {
    if (query.data) sessionStore.set({ bill: query.data });
  }, [query.data]);
  return withKept(query, 'bill', cached);
}
