import type { AppConfig, Bill, Cycle, Language, UserInfo } from '@app/contracts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@app/contracts';
import { useSyncExternalStore } from 'react';

/** Client-held values (docs/product.md#client-held-values), persisted in localStorage. */
export interface SessionState {
  token: string;
  language: Language;
  user: UserInfo | null;
  bill: Bill | null;
  config: AppConfig | null;
  /** Set when the server answered a session code (one of SESSION_CODES); cleared by the next sign-in. */
  expired: boolean;
  /** Set by an explicit sign-out; the next sign-in then lands on home, not on the last page. */
  loggedOut: boolean;
  /** data.maintain_time of the last MAINTENANCE_CODE answer. */
  maintainTime: string;
  /** The chosen cycle tab of /product/list. */
  productTab: Cycle;
  /** The profit-type filter of /wallet/profitRecord ('' = all). */
  profitType: string;
}

export const STORAGE_KEY = 'earnings.session';

const initial: SessionState = {
  token: '',
  language: DEFAULT_LANGUAGE,
  user: null,
  bill: null,
  config: null,
  expired: false,
  loggedOut: false,
  maintainTime: '',
  productTab: 'hour',
  profitType: '',
};

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function load(): SessionState {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return { ...initial };
  try {
    const parsed = JSON.parse(raw) as Partial<SessionState>;
    const language = (LANGUAGES as readonly string[]).includes(parsed.language ?? '')
      ? (parsed.language as Language)
      : DEFAULT_LANGUAGE;
    return { ...initial, ...parsed, language };
  } catch {
    return { ...initial };
  }
}

let state: SessionState = load();
const listeners = new Set<() => void>();

export const sessionStore = {
  get: (): SessionState => state,
  set(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    storage()?.setItem(STORAGE_KEY, JSON.stringify(state));
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Signs in: keeps the token and user, clears the expired and signed-out flags. */
  signIn(token: string, user: UserInfo): void {
    sessionStore.set({ token, user, bill: null, expired: false, loggedOut: false });
  },
  /**
   * Wipes everything that belongs to the session; language and public config stay.
   * expired = the server ended it (the next sign-in may go back); otherwise an explicit sign-out.
   */
  wipe(expired: boolean): void {
    const { language, config } = state;
    const store = storage();
    store?.clear();
    state = { ...initial, language, config, expired, loggedOut: !expired };
    store?.setItem(STORAGE_KEY, JSON.stringify(state));
    for (const listener of listeners) listener();
  },
  /**
   * Settings' "clear cache": forgets every copy of the server's data and every remembered choice
   * kept on the device (user, bill, configuration, tabs and filters, any other stored key); the
   * token and the language stay, so the user is still signed in and reads the same language.
   */
  clearCache(): void {
    const { token, language } = state;
    const store = storage();
    store?.clear();
    state = { ...initial, token, language };
    store?.setItem(STORAGE_KEY, JSON.stringify(state));
    for (const listener of listeners) listener();
  },
  /** Test helper. */
  reset(): void {
    state = { ...initial };
    storage()?.removeItem(STORAGE_KEY);
    for (const listener of listeners) listener();
  },
};

export function useSession<T>(select: (s: SessionState) => T): T {
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => select(state),
    () => select(state),
  );
}
