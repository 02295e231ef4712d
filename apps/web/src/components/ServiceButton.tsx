import { Button, Modal, Radio, Space, SpinLoading } from 'antd-mobile';
import { MessageFill } from 'antd-mobile-icons';
import { type CSSProperties, type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { api } from '../api/routes';

export const FADE_AFTER_MS = 1000;

type Services = { service_1: string; service_2: string; service_3: string };

/** Opens a link of a service line: confirming navigates to the chosen line's link (docs/product.md#shared-widgets). */
export function openServiceLink(link: string): void {
  window.location.assign(link);
}

/** How far a press may move before it counts as a drag rather than a tap. */
const DRAG_SLOP_PX = 6;
/** Gap kept between the dragged tab and the top / bottom of the app shell. */
const EDGE_GAP_PX = 8;

/** The tab's vertical drag offset (negative = up), kept while the app runs. */
let savedOffset = 0;

/**
 * Floating customer-service button (docs/product.md#shared-widgets): a small tab docked on the right edge above the
 * tab bar, draggable up and down the edge. It rests tucked into the edge, a sliver narrower than the
 * 16 px every page keeps clear at its sides, so it covers no value on any screen; a touch or a hover
 * slides it out (the keyboard's focus too, in CSS), and it tucks back ("fades") 1000 ms after the
 * touch ends.
 * The dialog locks while GET /onlineService runs, lists the three lines on SUCCESS_CODE and closes
 * silently otherwise.
 */
export function ServiceButton() {
  const { t } = useTranslation();
  const [faded, setFaded] = useState(true);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [services, setServices] = useState<Services | null>(null);
  const [chosen, setChosen] = useState<keyof Services>('service_1');
  const [offset, setOffset] = useState(savedOffset);
  const [dragging, setDragging] = useState(false);
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const drag = useRef<{
    pointer: number;
    startY: number;
    startOffset: number;
    min: number;
    max: number;
    moved: boolean;
  } | null>(null);
  const suppressClick = useRef(false);

  const wake = () => {
    clearTimeout(fadeTimer.current);
    setFaded(false);
  };
  const scheduleFade = () => {
    clearTimeout(fadeTimer.current);
    fadeTimer.current = setTimeout(() => setFaded(true), FADE_AFTER_MS);
  };
  useEffect(() => () => clearTimeout(fadeTimer.current), []);

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    const button = event.currentTarget;
    const shell = button.offsetParent?.getBoundingClientRect();
    const rect = button.getBoundingClientRect();
    // Offsets that keep the whole tab inside the shell (the resting place is offset 0).
    const min = shell ? offset - (rect.top - shell.top - EDGE_GAP_PX) : offset;
    const max = shell ? offset + (shell.bottom - rect.bottom - EDGE_GAP_PX) : offset;
    drag.current = { pointer: event.pointerId, startY: event.clientY, startOffset: offset, min, max, moved: false };
    wake();
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    const delta = event.clientY - current.startY;
    if (!current.moved && Math.abs(delta) < DRAG_SLOP_PX) return;
    if (!current.moved) {
      current.moved = true;
      setDragging(true);
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setOffset(Math.min(current.max, Math.max(current.min, current.startOffset + delta)));
  };
  const endDrag = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    drag.current = null;
    if (current.moved) {
      suppressClick.current = true;
      setDragging(false);
      setOffset((value) => {
        savedOffset = value;
        return value;
      });
    }
    if (event.pointerType !== 'touch') scheduleFade();
  };

  const openDialog = async () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
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

  const className = ['service-fab', faded && !open ? 'faded' : '', dragging ? 'dragging' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <button
        type="button"
        className={className}
        style={{ '--fab-offset': `${offset}px` } as CSSProperties}
        aria-label={t('service.button')}
        data-testid="service-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onTouchStart={wake}
        onTouchEnd={scheduleFade}
        onTouchCancel={scheduleFade}
        onMouseEnter={wake}
        onMouseLeave={scheduleFade}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClick={openDialog}
      >
        <MessageFill fontSize={20} />
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
