import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { queryClient } from '../../lib/queryClient';
import { sessionStore } from '../../store/session';

/** Sign out after a confirmation: the server ends the session, the app forgets it and its data. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    const confirmed = await Dialog.confirm({
      content: t('mine.logoutConfirm'),
      confirmText: <span data-testid="logout-confirm">{t('common.confirm')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await call(api.user.logout, {}, undefined, { silent: true });
    } catch {
      // the session ends locally either way
    }
    sessionStore.wipe(false);
    queryClient.clear();
    navigate('/account/signIn', { replace: true });
  };
}
