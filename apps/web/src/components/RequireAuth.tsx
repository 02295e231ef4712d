import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../store/session';

/**
 * Pages that need a session send anonymous visitors to sign-in with the 'not logged in yet' notice
 * (docs/product.md#roles), remembering the page so sign-in can return there (not after an explicit
 * sign-out).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const expired = useSession((s) => s.expired);
  const loggedOut = useSession((s) => s.loggedOut);
  const location = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    // Loaded when shown: the toast's animation library stays out of the first screen's JavaScript.
    if (!token && !expired)
      void import('antd-mobile/es/components/toast').then(({ default: Toast }) =>
        Toast.show({ content: t('common.notLoggedIn'), duration: 2000 }),
      );
  }, [token, expired, t]);
  if (!token) {
    // After an explicit sign-out the page is not remembered: the next sign-in lands on home.
    const state = loggedOut ? undefined : { from: location.pathname + location.search };
    return <Navigate to="/account/signIn" replace state={state} />;
  }
  return <>{children}</>;
}
