import { api } from '@app/contracts';
import { Button, Modal, Radio, Space, SpinLoading } from 'antd-mobile';
import { MessageFill } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';

export const FADE_AFTER_MS = 1000;

type Services = { service_1: string; service_2: string; service_3: string };

/** Opens a link of a service line: the spec's "confirming navigates to the chosen line's link". */
export function openServiceLink(link: string): void {
  window.location.assign(link);
}

/**
 * Floating customer-service button (spec §2, §4): fades 1000 ms after touch ends; the dialog locks
 * while GET /onlineService runs, lists the three lines on 100000 and closes silently otherwise.
 */
export function ServiceButton() {
  const { t } = useTranslation();
  const [faded, setFaded] = useState(false);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [services, setServices] = useState<Services | null>(null);
  const [chosen, setChosen] = useState<keyof Services>('service_1');
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const scheduleFade = () => {
    clearTimeout(fadeTimer.current);
    fadeTimer.current = setTimeout(() => setFaded(true), FADE_AFTER_MS);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: start the fade once on mount
  useEffect(() => {
    scheduleFade();
    return () => clearTimeout(fadeTimer.current);
  }, []);

  const openDialog = async () => {
    setOpen(true);
    setLoading(true);
    try {
      const data = await call(api.system.onlineService, {}, undefined, { silent: true });
      setServices(data);
      const first = (['service_1', 'service_2', 'service_3'] as const).find((key) => data[key]);
      if (first) setChosen(first);
    } catch {
      setOpen(false);
    } finally {
      setLoading(false);
    }
  };

  const lines = services
    ? (['service_1', 'service_2', 'service_3'] as const).filter((key) => services[key])
    : ([] as (keyof Services)[]);

  return (
    <>
      <button
        type="button"
        className={faded ? 'service-fab faded' : 'service-fab'}
        aria-label={t('service.button')}
        data-testid="service-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onTouchStart={() => {
          clearTimeout(fadeTimer.current);
          setFaded(false);
        }}
        onTouchEnd={scheduleFade}
        onMouseEnter={() => {
          clearTimeout(fadeTimer.current);
          setFaded(false);
        }}
        onMouseLeave={scheduleFade}
        onClick={openDialog}
      >
        <MessageFill fontSize={26} />
      </button>
      <Modal
        visible={open}
        destroyOnClose
        closeOnMaskClick={!loading}
        showCloseButton={!loading}
        onClose={() => setOpen(false)}
        title={t('service.title')}
        content={
          <div className="service-modal" data-testid="service-modal">
            {loading ? (
              <div className="center" data-testid="service-loading">
                <SpinLoading color="primary" />
              </div>
            ) : (
              <>
                <p className="muted">{t('service.choose')}</p>
                <Radio.Group value={chosen} onChange={(value) => setChosen(value as keyof Services)}>
                  <Space direction="vertical" block>
                    {lines.map((key, index) => (
                      <Radio key={key} value={key} block data-testid={`service-line-${index + 1}`}>
                        {t('contact.channel', { number: index + 1 })}
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
                <Button
                  block
                  color="primary"
                  className="mt16"
                  data-testid="service-contact"
                  disabled={!services?.[chosen]}
                  onClick={() => {
                    if (services?.[chosen]) openServiceLink(services[chosen]);
                  }}
                >
                  {t('service.contact')}
                </Button>
              </>
            )}
          </div>
        }
      />
    </>
  );
}
