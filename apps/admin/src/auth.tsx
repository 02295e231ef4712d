import { type AdminUser, adminApi } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { call, getToken, onSessionInvalid, setToken } from './api.ts';

interface AuthState {
  /** The signed-in admin; null when signed out, undefined while the token is being checked. */
  admin: AdminUser | null | undefined;
  signIn: (token: string, admin: AdminUser) => void;
  signOut: () => Promise<void>;
  /** Why the session could not be checked (e.g. the server is down); the token is kept. */
  error: unknown;
  retry: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

export const ME_KEY = ['admin', 'me'] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState(getToken);

  const me = useQuery({
    queryKey: ME_KEY,
    queryFn: () => call(adminApi.admin.me, {}),
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });

  const clear = useCallback(() => {
    setToken(null);
    setTokenState(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => onSessionInvalid(clear), [clear]);

  const signIn = useCallback(
    (next: string, admin: AdminUser) => {
      setToken(next);
      queryClient.clear();
      queryClient.setQueryData(ME_KEY, admin);
      setTokenState(next);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await call(adminApi.admin.logout, {});
    } catch {
      // the session may already be gone; signing out locally is what matters
    }
    clear();
  }, [clear]);

  const admin = token === null ? null : me.data;
  const error = token !== null && !me.data ? me.error : null;
  const { refetch } = me;
  const retry = useCallback(() => void refetch(), [refetch]);
  const value = useMemo(() => ({ admin, signIn, signOut, error, retry }), [admin, signIn, signOut, error, retry]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}

/** The signed-in admin inside the authenticated layout. */
export function useAdmin(): AdminUser {
  const { admin } = useAuth();
  if (!admin) throw new Error('useAdmin without a signed-in admin');
  return admin;
}
