import { useEffect } from 'react';
import { fillSlots, type StageProps } from './stage';

/** How long the capsule takes to roll out of the chute (draws.css: capsule-drop). */
const DROP_MS = 1300;
const COLOURS = ['#ff6b6b', '#ffc078', '#01b1fe', '#69db7c', '#da77f2', '#ffd43b'];

/** Calls `onLanded` once the landing animation of `ms` has played. */
export function useLandingTimer(phase: StageProps['phase'], ms: number, onLanded: () => void) {
  useEffect(() => {
    if (phase !== 'landing') return;
    const timer = setTimeout(onLanded, ms);
    return () => clearTimeout(timer);
  }, [phase, ms, onLanded]);
}

/**
 * The lucky capsule: a machine full of capsules. Turning the handle shakes them while the server
 * draws; then one capsule, of the colour of the prize's slot, rolls out of the chute.
 */
export function CapsuleStage({ slots, phase, target, onDraw, onLanded, goLabel }: StageProps) {
  useLandingTimer(phase, DROP_MS, onLanded);
  const balls = fillSlots(slots, 10, 12);
  return (
    <div className="draw-stage capsule-machine" data-testid="draw-stage" data-phase={phase}>
      <div className="capsule-dome">
        {balls.map((prize, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a prize repeats across balls; the position is the identity
            key={i}
            className="capsule-ball"
            style={{
              background: COLOURS[i % COLOURS.length],
              left: `${12 + ((i * 37) % 68)}%`,
              bottom: `${6 + Math.floor(i / 4) * 20 + ((i * 13) % 9)}%`,
              animationDelay: `${(i % 5) * 60}ms`,
            }}
            title={prize.name}
          />
        ))}
      </div>
      <div className="capsule-body">
        <button
          type="button"
          className="capsule-handle"
          onClick={() => onDraw()}
          disabled={phase !== 'idle'}
          aria-label={goLabel}
        >
          <span className="capsule-handle-bar" />
        </button>
        <div className="capsule-chute" />
      </div>
      {phase === 'landing' ? (
        <span
          className="capsule-drop"
          data-testid="capsule-drop"
          style={{ background: COLOURS[Math.max(target, 0) % COLOURS.length] }}
        />
      ) : null}
    </div>
  );
}
