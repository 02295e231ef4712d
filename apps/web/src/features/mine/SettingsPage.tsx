import { APP_VERSION } from '@app/contracts';
import { Dialog, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguagePicker } from '../../components/LanguagePicker';
import { Page } from '../../components/Page';
import { LANGUAGE_NAMES } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { sessionStore, useSession } from '../../store/session';
import { useSignOut } from './useSignOut';

/** `/mine/settings`: language, the platform's documents, the app's version, its cache, signing out. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSession((s) => s.language);
  const [picker, setPicker] = useState(false);
  const signOut = useSignOut();

  const clearCache = async () => {
    const confirmed = await Dialog.confirm({
      content: t('settings.clearCacheConfirm'),
      confirmText: <span data-testid="clear-cache-confirm">{t('common.confirm')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    queryClient.clear();
    sessionStore.clearCache();
    Toast.show({ content: t('settings.cacheCleared') });
  };

  return (
    <Page title={t('settings.title')} back="/mine/info" testId="settings-page">
      <List className="menu">
        <List.Item extra={LANGUAGE_NAMES[language]} onClick={() => setPicker(true)} data-testid="settings-language">
          {t('settings.language')}
        </List.Item>
      </List>
      <List className="menu">
        <List.Item onClick={() => navigate('/pagesB/mine/agreement')} data-testid="settings-agreement">
          {t('settings.agreement')}
        </List.Item>
        <List.Item onClick={() => navigate('/pagesB/mine/privacy')} data-testid="settings-privacy">
          {t('settings.privacy')}
        </List.Item>
        <List.Item onClick={() => navigate('/contactUs/aboutUs')} data-testid="settings-about">
          {t('settings.about')}
        </List.Item>
      </List>
      <List className="menu">
        <List.Item extra={<span data-testid="settings-version">{APP_VERSION}</span>}>{t('settings.version')}</List.Item>
        <List.Item onClick={clearCache} data-testid="settings-clear-cache">
          {t('settings.clearCache')}
        </List.Item>
      </List>
      <button type="button" className="logout-button" data-testid="settings-logout" onClick={signOut}>
        {t('settings.logout')}
      </button>
      <LanguagePicker visible={picker} onClose={() => setPicker(false)} />
    </Page>
  );
}
