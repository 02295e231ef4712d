import { Button, Toast } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api';
import { ApiError } from '../../api/client';
import { api } from '../../api/routes';
import { PageNav } from '../../components/Page';
import { queryClient } from '../../lib/queryClient';
import { sessionStore, useSession } from '../../store/session';

export default function MaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const maintainTime = useSession((s) => s.maintainTime || s.config?.app_maintain_time || '');
  const [busy, setBusy] = useState(false);

  const retry = async () => {
    setBusy(true);
    try {
      const config = await call(api.system.appConfig, {}, undefined, { silent: true });
      sessionStore.set({ config, maintainTime: '' });
      await queryClient.invalidateQueries();
      navigate('/home/info', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'maintenance') Toast.show({ content: t('maintenance.stillDown') });
      else Toast.show({ content: t('network.stillOffline') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page system-page" data-testid="maintenance-page">
      <PageNav title={t('maintenance.title')} heading={false} />
      <main className="page-body padded center-column">
        <div className="system-icon" aria-hidden>
          <ClockCircleOutline />
        </div>
        <h1>{t('maintenance.heading')}</h1>
        <p className="muted">{t('maintenance.body')}</p>
        <p className="system-time" data-testid="maintenance-time">
          {maintainTime ? t('maintenance.until', { time: maintainTime }) : t('maintenance.unknown')}
        </p>
        <Button color="primary" size="large" loading={busy} onClick={retry} data-testid="maintenance-retry">
          {t('maintenance.retry')}
        </Button>
      </main>
    </div>
  );
}
