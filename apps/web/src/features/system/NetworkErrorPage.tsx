import { Button, Toast } from 'antd-mobile';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api';
import { ApiError } from '../../api/client';
import { api } from '../../api/routes';
import { PageNav } from '../../components/Page';
import { queryClient } from '../../lib/queryClient';
import { sessionStore } from '../../store/session';

export default function NetworkErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const retry = async () => {
    setBusy(true);
    try {
      const config = await call(api.system.appConfig, {}, undefined, { silent: true });
      sessionStore.set({ config });
      await queryClient.invalidateQueries();
      navigate('/home/info', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'maintenance')
        navigate('/system/maintenance/info', { replace: true });
      else Toast.show({ content: t('network.stillOffline') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page system-page" data-testid="network-error-page">
      <PageNav title={t('network.title')} heading={false} />
      <main className="page-body padded center-column">
        <div className="system-icon" aria-hidden>
          <ExclamationTriangleOutline />
        </div>
        <h1>{t('network.heading')}</h1>
        <p className="muted">{t('network.body')}</p>
        <ol className="steps">
          <li>{t('network.step1')}</li>
          <li>{t('network.step2')}</li>
          <li>{t('network.step3')}</li>
        </ol>
        <Button color="primary" size="large" loading={busy} onClick={retry} data-testid="network-retry">
          {t('network.retry')}
        </Button>
      </main>
    </div>
  );
}
