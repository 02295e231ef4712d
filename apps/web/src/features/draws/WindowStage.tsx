import { useEffect, useState } from 'react';
import { useLandingTimer } from './CapsuleStage';
import type { StageProps } from './stage';

/** The lucky window: nine closed windows; the one tapped turns round to show the server's prize. */
export const WINDOWS = 9;
/** How long a window takes to turn (draws.css: window-card transition). */
const FLIP_MS = 900;

export function WindowStage({ slots, phase, target, onDraw, onLanded, goLabel }: StageProps) {
  const [picked, setPicked] = useState<number | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  useLandingTimer(phase, FLIP_MS, onLanded);
  useEffect(() => {
    if (phase === 'landing') setShown(slots[target]?.name ?? '');
  }, [phase, target, slots]);
  const tap = (index: number) => {
    if (phase !== 'idle') return;
    setPicked(index);
    setShown(null);
    onDraw(index);
  };
  return (
    <div className="draw-stage window-stage" data-testid="draw-stage" data-phase={phase}>
      {Array.from({ length: WINDOWS }, (_, i) => {
        const open = i === picked && shown !== null;
        const className = ['window-card', open ? 'open' : '', i === picked && phase === 'drawing' ? 'picked' : '']
          .filter(Boolean)
          .join(' ');
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the windows are fixed places
            key={i}
            type="button"
            className={className}
            onClick={() => tap(i)}
            disabled={phase !== 'idle'}
            aria-label={`${goLabel} ${i + 1}`}
            data-testid={`window-${i}`}
          >
            <span className="window-face window-front">?</span>
            <span className="window-face window-back">{open ? shown : ''}</span>
          </button>
        );
      })}
    </div>
  );
}
