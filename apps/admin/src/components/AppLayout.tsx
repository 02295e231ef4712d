import { LogoutOutlined } from '@ant-design/icons';
import { Badge, Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useAdmin, useAuth } from '../auth.tsx';
import { screenKeyOf, screensFor } from '../nav.tsx';
import { useCashSummary } from '../pages/cash/queries.ts';
import { PageSkeleton } from './PageSkeleton.tsx';

export const ROLE_COLORS: Record<string, string> = {
  owner: 'gold',
  finance: 'green',
  support: 'blue',
  content: 'purple',
};

export function AppLayout() {
  const admin = useAdmin();
  const { signOut } = useAuth();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const selected = screenKeyOf(location.pathname);
  const cash = useCashSummary();
  const pendingReview = cash.data?.pendingReview ?? 0;

  const items = screensFor(admin.role).map((screen) => ({
    key: screen.key,
    icon: screen.icon,
    label: (
      <Link to={screen.path} data-testid={`nav-${screen.key}`}>
        {screen.label}
        {screen.badge === 'pendingReview' && pendingReview > 0 && (
          <Badge
            count={pendingReview}
            overflowCount={999}
            size="small"
            style={{ marginInlineStart: 8, boxShadow: 'none' }}
            title={`${pendingReview} waiting for review`}
            data-testid="badge-pending-review"
          />
        )}
      </Link>
    ),
  }));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} breakpoint="lg" width={220}>
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            padding: '0 20px',
            color: '#fff',
            fontWeight: 600,
            fontSize: 16,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
          }}
        >
          {collapsed ? 'BO' : 'Back office'}
        </div>
        <nav aria-label="Main">
          <Menu theme="dark" mode="inline" selectedKeys={selected ? [selected] : []} items={items} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space size="middle">
            <Space size={6}>
              <Typography.Text data-testid="admin-email">{admin.email}</Typography.Text>
              <Tag color={ROLE_COLORS[admin.role]} data-testid="admin-role">
                {admin.role}
              </Tag>
            </Space>
            <Button
              icon={<LogoutOutlined />}
              loading={signingOut}
              data-testid="sign-out"
              onClick={async () => {
                setSigningOut(true);
                await signOut();
              }}
            >
              Sign out
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content id="main" tabIndex={-1} style={{ padding: 24, outline: 'none' }}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
