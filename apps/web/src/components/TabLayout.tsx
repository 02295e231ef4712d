import TabBar from 'antd-mobile/es/components/tab-bar';
import { AppOutline, BankcardOutline, ContentOutline, MessageOutline, UserOutline } from 'antd-mobile-icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingSkeleton } from './LoadingSkeleton';

const TABS = [
  { key: '/product/list', label: 'tabs.product', icon: <ContentOutline />, testId: 'tab-product' },
  { key: '/wallet/info', label: 'tabs.wallet', icon: <BankcardOutline />, testId: 'tab-wallet' },
  { key: '/home/info', label: 'tabs.home', icon: <AppOutline />, testId: 'tab-home' },
  { key: '/contactUs/info', label: 'tabs.contact', icon: <MessageOutline />, testId: 'tab-contact' },
  { key: '/mine/info', label: 'tabs.mine', icon: <UserOutline />, testId: 'tab-mine' },
] as const;

/** The five-entry tab bar under the tab pages (docs/product.md#screens). */
export function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname === '/' ? '/home/info' : pathname;
  return (
    <div className="tab-layout">
      <div className="tab-content">
        <Suspense
          fallback={
            <div className="page-body padded">
              <LoadingSkeleton lines={6} />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </div>
      <nav className="tab-nav">
        <TabBar className="tab-bar" activeKey={active} onChange={(key) => navigate(key)} safeArea>
          {TABS.map((tab) => (
            <TabBar.Item key={tab.key} data-testid={tab.testId} icon={tab.icon} title={t(tab.label)} />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
