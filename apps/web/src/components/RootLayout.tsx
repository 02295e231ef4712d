import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import thTH from 'antd-mobile/es/locales/th-TH';
import viVN from 'antd-mobile/es/locales/vi-VN';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppConfig } from '../api/hooks';
import { inviteRedirect } from '../lib/launch';
import { useSession } from '../store/session';
import { PageFallback } from './RouteStates';
import { ServiceButton } from './ServiceButton';
import { UpdateChecker } from './UpdateChecker';

const ANTD_LOCALES = { en: enUS, es: esES, fr: frFR, vi: viVN, th: thTH, zh: zhCN };

/** Everything every page shares: antd-mobile locale, the launch redirect, the service button, update checks. */
export function RootLayout() {
  const language = useSession((s) => s.language);
  const location = useLocation();
  useAppConfig();
  const redirect = inviteRedirect(location.pathname, location.search);
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]}>
      <div className="app-shell">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
        <ServiceButton />
        <UpdateChecker />
      </div>
    </ConfigProvider>
  );
}
