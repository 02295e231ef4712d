import ConfigProvider from 'antd-mobile/es/components/config-provider';
import type { Locale } from 'antd-mobile/es/locales/base';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { inviteRedirect } from '../lib/launch';
import { PageFallback, RouteError } from './RouteStates';

const ShellServices = lazy(() => import('./ShellServices'));

/** Everything every page shares: antd-mobile locale, the launch redirect, the service button, update checks. */
export function RootLayout() {
  // The language on screen: i18next switches once the new language's pack (antd-mobile's texts too) is loaded.
  const { i18n } = useTranslation();
  const location = useLocation();
  const redirect = inviteRedirect(location.pathname, location.search);
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <ConfigProvider locale={i18n.getResourceBundle(i18n.language, 'antd') as Locale}>
      <div className="app-shell">
        {/* A page that crashes or whose chunk fails offers a reload, until the user goes elsewhere. */}
        <ErrorBoundary FallbackComponent={RouteError} resetKeys={[location.pathname]}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
        <Suspense fallback={null}>
          <ShellServices />
        </Suspense>
      </div>
    </ConfigProvider>
  );
}
