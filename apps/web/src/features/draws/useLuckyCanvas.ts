import { type RefObject, useEffect, useRef, useState } from 'react';
import type { DrawPhase } from './stage';

interface LuckyHandle {
  play(): void;
  stop(index: number): void;
}

/** The width of an element, followed as the window resizes (the canvas is drawn in pixels). */
export function useBoxWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Drives a lucky-canvas wheel or grid from the draw's phase: spin on `drawing`, land on the
 * server's slot on `landing`, stop where it is when the draw was refused. The library calls its
 * end callback after a stop too, so `ended` reports only the end of a landing.
 */
export function useLuckyDriver<T extends LuckyHandle>(phase: DrawPhase, target: number, onLanded: () => void) {
  const lucky = useRef<T>(null);
  const previous = useRef<DrawPhase>('idle');
  const landing = useRef(false);
  useEffect(() => {
    const was = previous.current;
    previous.current = phase;
    if (was === phase) return;
    if (phase === 'drawing') lucky.current?.play();
    else if (phase === 'landing') {
      if (target >= 0) {
        landing.current = true;
        lucky.current?.stop(target);
      } else {
        lucky.current?.stop(-1);
        onLanded();
      }
    } else if (was === 'drawing') lucky.current?.stop(-1);
  }, [phase, target, onLanded]);
  const ended = () => {
    if (!landing.current) return;
    landing.current = false;
    onLanded();
  };
  return { lucky, ended };
}
