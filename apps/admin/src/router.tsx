import { adminApi } from '@app/contracts';
import { Button, Result } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject, useNavigate } from 'react-router';
import { AppLayout } from './components/AppLayout.tsx';
import { PageSkeleton } from './components/PageSkeleton.tsx';
import { PlatformSettings } from './components/PlatformSettings.tsx';
import { RequireAuth, RequireRole } from './components/RequireAuth.tsx';

/**
 * A page loaded when its screen is first opened: each page (with what only it uses) is a chunk of
 * its own, so the first screen loads the shell and one page, not the whole back office. The
 * layout's Suspense shows PageSkeleton meanwhile.
 */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const AdminsPage = page(() => import('./pages/admins/AdminsPage.tsx'), 'AdminsPage');
const AuditPage = page(() => import('./pages/audit/AuditPage.tsx'), 'AuditPage');
const DepositsPage = page(() => import('./pages/cash/DepositsPage.tsx'), 'DepositsPage');
const PayoutAccountsPage = page(() => import('./pages/cash/PayoutAccountsPage.tsx'), 'PayoutAccountsPage');
const WithdrawalsPage = page(() => import('./pages/cash/WithdrawalsPage.tsx'), 'WithdrawalsPage');
const ConfigPage = page(() => import('./pages/config/ConfigPage.tsx'), 'ConfigPage');
const CommentsPage = page(() => import('./pages/content/CommentsPage.tsx'), 'CommentsPage');
const ContentPage = page(() => import('./pages/content/ContentPage.tsx'), 'ContentPage');
const CouponsPage = page(() => import('./pages/coupons/CouponsPage.tsx'), 'CouponsPage');
const DashboardPage = page(() => import('./pages/dashboard/DashboardPage.tsx'), 'DashboardPage');
const DrawCampaignsPage = page(() => import('./pages/draws/DrawCampaignsPage.tsx'), 'DrawCampaignsPage');
const DrawRecordsPage = page(() => import('./pages/draws/DrawRecordsPage.tsx'), 'DrawRecordsPage');
const EventSignupsPage = page(() => import('./pages/events/EventSignupsPage.tsx'), 'EventSignupsPage');
const EventsPage = page(() => import('./pages/events/EventsPage.tsx'), 'EventsPage');
const HoldingsPage = page(() => import('./pages/holdings/HoldingsPage.tsx'), 'HoldingsPage');
const LoginPage = page(() => import('./pages/login/LoginPage.tsx'), 'LoginPage');
const BroadcastPage = page(() => import('./pages/messages/BroadcastPage.tsx'), 'BroadcastPage');
const ContactInboxPage = page(() => import('./pages/messages/ContactInboxPage.tsx'), 'ContactInboxPage');
const OrdersPage = page(() => import('./pages/orders/OrdersPage.tsx'), 'OrdersPage');
const OutboxPage = page(() => import('./pages/outbox/OutboxPage.tsx'), 'OutboxPage');
const ProductsPage = page(() => import('./pages/products/ProductsPage.tsx'), 'ProductsPage');
const RankCyclePage = page(() => import('./pages/rank/RankCyclePage.tsx'), 'RankCyclePage');
const TeamRankPage = page(() => import('./pages/rank/TeamRankPage.tsx'), 'TeamRankPage');
const RedeemBatchesPage = page(() => import('./pages/redeem/RedeemBatchesPage.tsx'), 'RedeemBatchesPage');
const RedeemCodesPage = page(() => import('./pages/redeem/RedeemCodesPage.tsx'), 'RedeemCodesPage');
const UserDetailPage = page(() => import('./pages/users/UserDetailPage.tsx'), 'UserDetailPage');
const UsersPage = page(() => import('./pages/users/UsersPage.tsx'), 'UsersPage');
const VipLevelsPage = page(() => import('./pages/vip/VipLevelsPage.tsx'), 'VipLevelsPage');

function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The address may be mistyped, or the screen was moved."
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Go to the dashboard
        </Button>
      }
    />
  );
}

const { admin, products, cash } = adminApi;

/** Every screen of the back office; exported for the test that each page loads lazily. */
export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <Suspense fallback={<PageSkeleton />}>
        <LoginPage />
      </Suspense>
    ),
  },
  {
    path: '/',
    element: (
      <RequireAuth>
        <PlatformSettings>
          <AppLayout />
        </PlatformSettings>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      {
        path: 'users',
        element: (
          <RequireRole endpoint={admin.users}>
            <UsersPage />
          </RequireRole>
        ),
      },
      {
        path: 'users/:id',
        element: (
          <RequireRole endpoint={admin.users}>
            <UserDetailPage />
          </RequireRole>
        ),
      },
      {
        path: 'products',
        element: (
          <RequireRole endpoint={products.products}>
            <ProductsPage />
          </RequireRole>
        ),
      },
      {
        path: 'orders',
        element: (
          <RequireRole endpoint={products.orders}>
            <OrdersPage />
          </RequireRole>
        ),
      },
      {
        path: 'holdings',
        element: (
          <RequireRole endpoint={products.holdings}>
            <HoldingsPage />
          </RequireRole>
        ),
      },
      {
        path: 'withdrawals',
        element: (
          <RequireRole endpoint={cash.withdrawals}>
            <WithdrawalsPage />
          </RequireRole>
        ),
      },
      {
        path: 'deposits',
        element: (
          <RequireRole endpoint={cash.deposits}>
            <DepositsPage />
          </RequireRole>
        ),
      },
      {
        path: 'payout-accounts',
        element: (
          <RequireRole endpoint={cash.payoutAccounts}>
            <PayoutAccountsPage />
          </RequireRole>
        ),
      },
      {
        path: 'vip-levels',
        element: (
          <RequireRole endpoint={adminApi.vip.levels}>
            <VipLevelsPage />
          </RequireRole>
        ),
      },
      {
        path: 'team-rank',
        element: (
          <RequireRole endpoint={adminApi.rank.cycles}>
            <TeamRankPage />
          </RequireRole>
        ),
      },
      {
        path: 'team-rank/:id',
        element: (
          <RequireRole endpoint={adminApi.rank.cycle}>
            <RankCyclePage />
          </RequireRole>
        ),
      },
      {
        path: 'draws',
        element: (
          <RequireRole endpoint={adminApi.draws.campaigns}>
            <DrawCampaignsPage />
          </RequireRole>
        ),
      },
      {
        path: 'draws/records',
        element: (
          <RequireRole endpoint={adminApi.draws.records}>
            <DrawRecordsPage />
          </RequireRole>
        ),
      },
      {
        path: 'coupons',
        element: (
          <RequireRole endpoint={adminApi.coupons.list}>
            <CouponsPage />
          </RequireRole>
        ),
      },
      {
        path: 'redeem-codes',
        element: (
          <RequireRole endpoint={adminApi.redeem.batches}>
            <RedeemBatchesPage />
          </RequireRole>
        ),
      },
      {
        path: 'redeem-codes/:id',
        element: (
          <RequireRole endpoint={adminApi.redeem.codes}>
            <RedeemCodesPage />
          </RequireRole>
        ),
      },
      {
        path: 'events',
        element: (
          <RequireRole endpoint={adminApi.events.list}>
            <EventsPage />
          </RequireRole>
        ),
      },
      {
        path: 'events/:id/signups',
        element: (
          <RequireRole endpoint={adminApi.events.signups}>
            <EventSignupsPage />
          </RequireRole>
        ),
      },
      {
        path: 'content/:type?',
        element: (
          <RequireRole endpoint={adminApi.content.list}>
            <ContentPage />
          </RequireRole>
        ),
      },
      {
        path: 'comments',
        element: (
          <RequireRole endpoint={adminApi.content.comments}>
            <CommentsPage />
          </RequireRole>
        ),
      },
      {
        path: 'messages',
        element: (
          <RequireRole endpoint={adminApi.messages.broadcasts}>
            <BroadcastPage />
          </RequireRole>
        ),
      },
      {
        path: 'contact',
        element: (
          <RequireRole endpoint={adminApi.messages.inbox}>
            <ContactInboxPage />
          </RequireRole>
        ),
      },
      {
        path: 'config',
        element: (
          <RequireRole endpoint={admin.getConfig}>
            <ConfigPage />
          </RequireRole>
        ),
      },
      {
        path: 'outbox',
        element: (
          <RequireRole endpoint={admin.outbox}>
            <OutboxPage />
          </RequireRole>
        ),
      },
      {
        path: 'audit',
        element: (
          <RequireRole endpoint={admin.audit}>
            <AuditPage />
          </RequireRole>
        ),
      },
      {
        path: 'admins',
        element: (
          <RequireRole endpoint={admin.admins}>
            <AdminsPage />
          </RequireRole>
        ),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/admin' });
