import type { Endpoint } from '@app/contracts';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { allowed } from '../api.ts';
import { useAuth } from '../auth.tsx';
import { ErrorState } from './ErrorState.tsx';

/** Sends signed-out visitors to the sign-in page, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { admin, error, retry } = useAuth();
  const location = useLocation();
  if (admin === undefined && error) {
    return (
      <div style={{ maxWidth: 560, margin: '15vh auto', padding: 24 }}>
        <ErrorState title="Could not check your session" error={error} onRetry={retry} />
      </div>
    );
  }
  if (admin === undefined) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" description="Checking your session…" />
      </div>
    );
  }
  if (admin === null) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}

/** Shows a 403 page instead of a screen the admin's role cannot use. */
export function RequireRole({ endpoint, children }: { endpoint: Pick<Endpoint, 'roles'>; children: ReactNode }) {
  const { admin } = useAuth();
  const navigate = useNavigate();
  if (!allowed(admin?.role, endpoint)) {
    return (
      <Result
        status="403"
        title="Not available for your role"
        subTitle="Ask an owner if you need access to this screen."
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            Go to the dashboard
          </Button>
        }
      />
    );
  }
  return children;
}
