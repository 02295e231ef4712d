import { Button, Result, Toast } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { Page } from '../../components/Page';
import { LOCATION_PATHS, type LocationConsent, locationConsent, rememberLocationConsent } from './location';
import './messages.css';

/** The browser's position, or null when it refuses or has none (location services off). */
function currentPosition(): Promise<GeolocationPosition | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), { timeout: 15_000, maximumAge: 60_000 });
  });
}

/** Asks the browser only now that the user agreed; without a position, explains how to turn it on. */
function useShareLocation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      rememberLocationConsent('granted');
      const position = await currentPosition();
      if (!position) {
        navigate(LOCATION_PATHS.open);
        return;
      }
      await call(api.system.location, { latitude: position.coords.latitude, longitude: position.coords.longitude });
      Toast.show({ icon: 'success', content: t('location.shared') });
      navigate(-1);
    } catch {
      // The client has shown why the report failed.
    } finally {
      setBusy(false);
    }
  };
  return { share, busy };
}

/** system/location/choose: what sharing the location is for, and the user's choice; nothing is read before it. */
export function LocationChoosePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [consent, setConsent] = useState<LocationConsent | null>(() => locationConsent());
  const { share, busy } = useShareLocation();
  const refuse = () => {
    rememberLocationConsent('refused');
    setConsent('refused');
  };
  return (
    <Page title={t('location.title')} testId="location-choose-page">
      <div className="location-page">
        <EnvironmentOutline className="location-icon" aria-hidden />
        <p>{t('location.why')}</p>
        {consent === 'refused' ? (
          <p className="muted" data-testid="location-refused">
            {t('location.refused')}
          </p>
        ) : null}
        <div className="location-actions">
          <Button block color="primary" loading={busy} onClick={() => void share()} data-testid="location-allow">
            {t('location.allow')}
          </Button>
          {consent === 'refused' ? (
            <Button block onClick={() => navigate(-1)} data-testid="location-back">
              {t('location.back')}
            </Button>
          ) : (
            <Button block onClick={refuse} data-testid="location-refuse">
              {t('location.refuse')}
            </Button>
          )}
        </div>
      </div>
    </Page>
  );
}

/** system/location/open: the browser gave no position (refused or services off): how to turn it on. */
export function LocationOpenPage() {
  const { t } = useTranslation();
  const { share, busy } = useShareLocation();
  return (
    <Page title={t('location.openTitle')} testId="location-open-page">
      <Result status="warning" title={t('location.offTitle')} description={t('location.offHint')} />
      <div className="location-actions padded">
        <Button block color="primary" loading={busy} onClick={() => void share()} data-testid="location-retry">
          {t('location.retry')}
        </Button>
      </div>
    </Page>
  );
}
